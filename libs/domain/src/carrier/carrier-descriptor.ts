export type IntegrationType = 'rest' | 'rest_legacy' | 'csv_batch';
export type ServiceMode = 'air' | 'sea' | 'land' | 'express';
/** Which kind of route a service level serves. */
export type Lane = 'domestic' | 'gcc' | 'international';

export interface TransitDays {
  readonly min: number;
  readonly max: number;
}

export interface ServiceLevelDescriptor {
  readonly code: string;
  readonly name_ar: string;
  readonly name_en: string;
  readonly mode: ServiceMode;
  readonly transit_days: TransitDays;
  readonly lanes: readonly Lane[];
}

/** What a carrier offers beyond booking, tracking and cancelling; declared by the carrier itself. */
export interface CarrierCapabilities {
  /** The carrier has a native JSON API that POST /carriers/{code}/passthrough may forward to. */
  readonly passthrough: boolean;
}

export interface CarrierDescriptor {
  readonly code: string;
  readonly name_ar: string;
  readonly name_en: string;
  readonly integration_type: IntegrationType;
  readonly coverage_countries: readonly string[];
  readonly service_levels: readonly ServiceLevelDescriptor[];
  readonly capabilities: CarrierCapabilities;
}
