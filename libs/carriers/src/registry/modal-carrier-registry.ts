import type { CarrierRegistryPort } from '@lgw/carrier-access';
import type { ApiMode } from '@lgw/kernel';
import { CarrierRegistry } from './carrier-registry';

/**
 * The live carriers, and beside them the sandbox simulators every test-mode tenant uses
 * (docs/adr/0060-test-mode-tenancy.md). `get` answers the live carriers; `forTenant` the set
 * a tenant's work goes to. A tenant the mode look-up does not know is served live: only a
 * test scope's id ever answers 'test'.
 */
export class ModalCarrierRegistry implements CarrierRegistryPort {
  constructor(
    readonly live: CarrierRegistry,
    readonly test: CarrierRegistry,
    private readonly modeOf: (teamId: string) => Promise<ApiMode>,
  ) {}

  get(code: string) {
    return this.live.get(code);
  }

  eventTimeResolutionMs(code: string): number {
    return this.live.eventTimeResolutionMs?.(code) ?? 1;
  }

  connect(code: string, credentials: Readonly<Record<string, string>>) {
    return this.live.connect(code, credentials);
  }

  /** Only the live carriers have platform connections; test mode's stay on the sandbox's accounts. */
  usePlatformCredentials(code: string, credentials: Readonly<Record<string, string>>): void {
    this.live.usePlatformCredentials(code, credentials);
  }

  async forTenant(teamId: string): Promise<CarrierRegistryPort> {
    return (await this.modeOf(teamId)) === 'test' ? this.test : this.live;
  }
}
