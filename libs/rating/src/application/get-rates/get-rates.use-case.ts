import { Inject, Injectable } from '@nestjs/common';
import { classifyLane, eligibleServiceLevels } from '../../domain/lane';
import { codFee } from '@lgw/cod';
import {
  rateCardForLane,
  serviceLimitProblems,
  CARRIER_CATALOGUE,
  CarrierCataloguePort,
  RATE_CARDS,
  RateCardSourcePort,
  CarrierConnectionResolver,
} from '@lgw/carrier-access';
import { rateParcels } from '../../domain/rate-parcels';
import { IssuedQuote, QUOTE_REPOSITORY, QuoteRepositoryPort } from '../ports/quote.repository.port';
import { CLOCK, ClockPort, GATEWAY_SETTINGS, GatewaySettings } from '@lgw/kernel';
import { parcelsFingerprint } from '../parcels-fingerprint';
import { QuoteView, RatesView, RatesWarning } from '../quote.view';
import { GetRatesCommand } from './get-rates.command';

/** No service level on the lane collects cash, so a rate with cod_amount has no quote. */
export const COD_NOT_AVAILABLE: RatesWarning = {
  code: 'COD_NOT_AVAILABLE',
  message_en: 'No carrier collects cash on delivery on this lane. Request a rate without cod_amount to see the other services.',
  message_ar: 'لا توجد شركة شحن تحصّل الدفع عند الاستلام على هذا المسار. اطلب سعراً بدون cod_amount لعرض الخدمات الأخرى.',
};

/**
 * Prices the parcels on every eligible carrier service level and issues each quote to the
 * team (a signed id, ADR 0031), so that POST /shipments can book exactly what was shown.
 */
@Injectable()
export class GetRatesUseCase {
  constructor(
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RATE_CARDS) private readonly rateCards: RateCardSourcePort,
    @Inject(QUOTE_REPOSITORY) private readonly quotes: QuoteRepositoryPort,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
    @Inject(CLOCK) private readonly clock: ClockPort,
    private readonly connections: CarrierConnectionResolver,
  ) {}

  /** The quotes, and why there are none when cash on delivery ruled every service level out. */
  async rates(command: GetRatesCommand): Promise<RatesView> {
    const quotes = await this.execute(command);
    const cod = (command.codAmountHalalas ?? 0) > 0;
    return quotes.length === 0 && cod && this.lanes(command).length > 0 ? { quotes, warnings: [COD_NOT_AVAILABLE] } : { quotes };
  }

  async execute(command: GetRatesCommand): Promise<QuoteView[]> {
    const { origin, destination } = command;
    const lane = classifyLane(origin.country, destination.country);
    const issuedAt = this.clock.now();
    const expiresAt = new Date(issuedAt.getTime() + this.settings.quoteTtlSeconds * 1000);
    const fingerprint = parcelsFingerprint(command.parcels);
    // Cash on delivery: only levels whose couriers collect cash, each quote priced with the fee.
    const codAmountHalalas = command.codAmountHalalas ?? 0;
    const fee = codFee(codAmountHalalas);

    // Each carrier is priced on the team's own contract when it has one, else the platform's;
    // a carrier with neither is not offered (docs/adr/0065).
    const connections = await this.connections.forRating(command.teamId);

    const issued: IssuedQuote[] = [];
    const views: QuoteView[] = [];
    for (const { carrier, service } of this.lanes(command)) {
      if (codAmountHalalas > 0 && service.cash_on_delivery !== true) continue;
      // A level a parcel exceeds (its declared weight and size limits) is not offered: the carrier would refuse it.
      if (serviceLimitProblems(service, command.parcels).length > 0) continue;
      const connection = connections.get(carrier.code);
      if (!connection) continue;
      const listed = connection.contractCard(service.code) ?? this.rateCards.get(service.code);
      if (!listed) continue;
      const card = rateCardForLane(listed, lane);
      const rated = rateParcels(card, command.parcels, fee);
      const view: QuoteView = {
        quote_id: '',
        carrier: { code: carrier.code, name_ar: carrier.name_ar, name_en: carrier.name_en },
        service: { code: service.code, name_ar: service.name_ar, name_en: service.name_en, mode: service.mode },
        transit_days: { min: service.transit_days.min, max: service.transit_days.max },
        weights: {
          actual_kg: rated.weights.actual_kg,
          volumetric_kg: rated.weights.volumetric_kg,
          chargeable_kg: rated.weights.chargeable_kg,
          volumetric_divisor: card.volumetric_divisor,
          weight_break_applied: rated.weights.weight_break_applied,
        },
        breakdown: rated.breakdown.map((b) => ({ ...b })),
        total_sar: rated.total_sar,
        currency: 'SAR',
        expires_at: expiresAt.toISOString(),
        connection_id: connection?.id ?? null,
        account: connection?.account ?? 'platform',
      };
      const line = (code: string) => rated.lines.find((l) => l.code === code)?.amount.halalas ?? 0;
      views.push(view);
      issued.push({
        teamId: command.teamId,
        carrierCode: carrier.code,
        serviceCode: service.code,
        lane,
        originCountry: origin.country,
        destinationCountry: destination.country,
        parcelsFingerprint: fingerprint,
        chargeableKg: rated.weights.chargeable_kg,
        baseHalalas: line('base'),
        weightChargeHalalas: line('weight_charge'),
        fuelSurchargeHalalas: line('fuel_surcharge'),
        vatHalalas: line('vat'),
        totalHalalas: rated.total.halalas,
        codAmountHalalas,
        codFeeHalalas: line('cod_fee'),
        connectionId: connection?.id ?? null,
        createdAt: issuedAt,
        expiresAt,
      });
    }
    if (issued.length === 0) return views;
    const ids = await this.quotes.issue(issued);
    // The views were made here, for this answer: each takes its id in place (no copies).
    views.forEach((view, i) => ((view as { quote_id: string }).quote_id = ids[i]));
    return views;
  }

  private lanes(command: GetRatesCommand) {
    return eligibleServiceLevels(this.catalogue.all(), command.origin.country, command.destination.country);
  }
}
