import { Inject, Injectable } from '@nestjs/common';
import { classifyLane, eligibleServiceLevels } from '../../domain/lane';
import {
  codFee,
  rateCardForLane,
  serviceLimitProblems,
  deliveryCalendarOf,
  estimateDeliveryDate,
  CarrierRejectedError,
  CarrierUnavailableError,
  CLOCK,
  ClockPort,
  GATEWAY_SETTINGS,
  GatewaySettings,
  Money,
  piecesRefusal,
} from '@lgw/kernel';
import {
  CARRIER_CATALOGUE,
  CarrierCataloguePort,
  RATE_CARDS,
  RateCardSourcePort,
  CarrierConnectionResolver,
  QuoteConnection,
  CARRIER_REGISTRY,
  CarrierRegistryPort,
  carriersFor,
} from '@lgw/carrier-access';
import { RatedParcels, rateParcels, rateParcelsAtCarrierPrice } from '../../domain/rate-parcels';
import { IssuedQuote, QUOTE_REPOSITORY, QuoteRepositoryPort } from '../ports/quote.repository.port';
import { parcelsFingerprint } from '../parcels-fingerprint';
import { QuoteView, RatesView, RatesWarning } from '../quote.view';
import { GetRatesCommand } from './get-rates.command';
import { SHIPPING_RULE_REPOSITORY, ShippingRuleRepositoryPort } from '../ports/shipping-rule.repository.port';
import { LANE_PERFORMANCE, LanePerformancePort } from '../ports/lane-performance.port';
import { ruledQuotes } from './ruled-quotes';

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
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(SHIPPING_RULE_REPOSITORY) private readonly rules: ShippingRuleRepositoryPort,
    @Inject(LANE_PERFORMANCE) private readonly performance: LanePerformancePort,
  ) {}

  /** The quotes, and why there are none when cash on delivery ruled every service level out. */
  async rates(command: GetRatesCommand): Promise<RatesView> {
    const { quotes, warnings } = await this.price(command);
    const cod = (command.codAmountHalalas ?? 0) > 0;
    if (quotes.length === 0 && cod && this.lanes(command).length > 0) warnings.push(COD_NOT_AVAILABLE);
    return warnings.length > 0 ? { quotes, warnings } : { quotes };
  }

  async execute(command: GetRatesCommand): Promise<QuoteView[]> {
    return (await this.price(command)).quotes;
  }

  private async price(command: GetRatesCommand): Promise<{ quotes: QuoteView[]; warnings: RatesWarning[] }> {
    const { origin, destination } = command;
    const lane = classifyLane(origin.country, destination.country);
    const issuedAt = this.clock.now();
    const expiresAt = new Date(issuedAt.getTime() + this.settings.quoteTtlSeconds * 1000);
    const expiresAtText = expiresAt.toISOString();
    const fingerprint = parcelsFingerprint(command.parcels);
    // Cash on delivery: only levels whose couriers collect cash, each quote priced with the fee.
    const codAmountHalalas = command.codAmountHalalas ?? 0;
    const fee = codFee(codAmountHalalas);

    // Each carrier is priced on the team's own contract when it has one, else the platform's;
    // a carrier with neither is not offered (docs/adr/0065).
    // The team's shipping rules and its own record on the lane decide which quotes are shown, in what order (docs/adr/0084).
    const [connections, ruled] = await Promise.all([
      this.connections.forRating(command.teamId),
      ruledQuotes(command, issuedAt, this.rules, this.performance),
    ]);

    const candidates = this.lanes(command).flatMap(({ carrier, service }) => {
      if (codAmountHalalas > 0 && service.cash_on_delivery !== true) return [];
      // A level a parcel exceeds (its declared weight and size limits) is not offered: the carrier would refuse it.
      if (serviceLimitProblems(service, command.parcels).length > 0) return [];
      // Several parcels go only to a carrier that takes them as pieces of one booking (docs/adr/0087).
      if (piecesRefusal(carrier.capabilities?.pieces, command.parcels.length)) return [];
      const connection = connections.get(carrier.code);
      if (!connection) return [];
      const listed = connection.contractCard(service.code) ?? this.rateCards.get(service.code);
      // An excluded level is not priced at all (a carrier that quotes itself is not asked).
      if (!listed || ruled.excludes(carrier.code, service.code)) return [];
      return [{ carrier, service, connection, card: rateCardForLane(listed, lane) }];
    });
    const warnings: RatesWarning[] = [];
    const carrierPrices = await this.carrierPrices(command, candidates, warnings);

    const issued: IssuedQuote[] = [];
    const views: QuoteView[] = [];
    for (const [index, { carrier, service, connection, card }] of candidates.entries()) {
      const priced = carrierPrices[index];
      if (priced === null) continue;
      const rated: RatedParcels = priced
        ? rateParcelsAtCarrierPrice(Money.ofHalalas(priced), command.parcels, card.volumetric_divisor, fee)
        : rateParcels(card, command.parcels, fee);
      const view: QuoteView = {
        quote_id: '',
        carrier: carrierRef(carrier),
        service: serviceRef(service),
        transit_days: { min: service.transit_days.min, max: service.transit_days.max },
        estimated_delivery_date: estimateDeliveryDate(issuedAt, service.transit_days.max, deliveryCalendarOf(carrier)),
        weights: {
          actual_kg: rated.weights.actual_kg,
          volumetric_kg: rated.weights.volumetric_kg,
          chargeable_kg: rated.weights.chargeable_kg,
          volumetric_divisor: card.volumetric_divisor,
          weight_break_applied: rated.weights.weight_break_applied,
        },
        breakdown: rated.breakdown,
        total_sar: rated.total_sar,
        currency: 'SAR',
        expires_at: expiresAtText,
        connection_id: connection?.id ?? null,
        account: connection?.account ?? 'platform',
        ...ruled.annotations(carrier.code, service.code),
      };
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
        price: rated.price,
        codAmountHalalas,
        connectionId: connection?.id ?? null,
        createdAt: issuedAt,
        expiresAt,
      });
    }
    if (issued.length === 0) return { quotes: views, warnings };
    const ids = await this.quotes.issue(issued);
    // The views were made here, for this answer: each takes its id in place (no copies).
    views.forEach((view, i) => ((view as { quote_id: string }).quote_id = ids[i]));
    return { quotes: ruled.order(views), warnings };
  }

  /**
   * For each candidate: the price (halalas, before VAT) its carrier quoted itself where its API
   * quotes (CarrierPort.quoteRate, on the connection the quote will book on), undefined where the
   * rate card prices it, null where it is left out. All carriers are asked at once, each within
   * its adapter's rate deadline. A carrier that refuses is left out with its words; one that does
   * not answer falls back to the connection's contract card, else is left out, each said in a warning.
   */
  private async carrierPrices(
    command: GetRatesCommand,
    candidates: readonly {
      carrier: { code: string; name_en: string; name_ar: string };
      service: { code: string };
      connection: QuoteConnection;
    }[],
    warnings: RatesWarning[],
  ): Promise<(number | undefined | null)[]> {
    const registry = await carriersFor(this.carriers, command.teamId);
    // Levels priced from rate cards need no call: a rating where no carrier quotes itself makes
    // no promise per level.
    if (!candidates.some(({ carrier }) => registry.get(carrier.code)?.quoteRate)) return candidates.map(() => undefined);
    return Promise.all(
      candidates.map(async ({ carrier, service, connection }) => {
        if (!registry.get(carrier.code)?.quoteRate) return undefined;
        try {
          const adapter = await this.connections.forBooking(command.teamId, { carrierCode: carrier.code, connectionId: connection.id });
          const rate = await adapter.quoteRate!({
            serviceCode: service.code,
            origin: command.origin,
            destination: command.destination,
            parcels: command.parcels,
            codAmountHalalas: command.codAmountHalalas,
          });
          return rate.amountHalalas;
        } catch (error) {
          if (error instanceof CarrierRejectedError) {
            warnings.push(carrierRateWarning('CARRIER_RATE_REFUSED', carrier, service.code, error.carrierMessage));
            return null;
          }
          if (!(error instanceof CarrierUnavailableError)) throw error;
          const contract = connection.contractCard(service.code);
          warnings.push(carrierRateWarning('CARRIER_RATE_UNAVAILABLE', carrier, service.code, contract ? 'contract' : undefined));
          return contract ? undefined : null;
        }
      }),
    );
  }

  private lanes(command: GetRatesCommand) {
    return eligibleServiceLevels(this.catalogue.all(), command.origin.country, command.destination.country);
  }
}

/**
 * A quote's carrier and service as the answer shows them: one frozen object per descriptor (the
 * registry's descriptors live as long as the process), so the answer's writer escapes their
 * Arabic and English names once, not on every rating (docs/adr/0101).
 */
const carrierRefs = new WeakMap<object, QuoteView['carrier']>();
const serviceRefs = new WeakMap<object, QuoteView['service']>();
function carrierRef(carrier: { code: string; name_ar: string; name_en: string }): QuoteView['carrier'] {
  let ref = carrierRefs.get(carrier);
  if (!ref) carrierRefs.set(carrier, (ref = Object.freeze({ code: carrier.code, name_ar: carrier.name_ar, name_en: carrier.name_en })));
  return ref;
}
function serviceRef(service: { code: string; name_ar: string; name_en: string; mode: string }): QuoteView['service'] {
  let ref = serviceRefs.get(service);
  if (!ref) {
    serviceRefs.set(
      service,
      (ref = Object.freeze({ code: service.code, name_ar: service.name_ar, name_en: service.name_en, mode: service.mode })),
    );
  }
  return ref;
}

/** Why a carrier that quotes itself has no quote, or a contract-card one, in this answer. */
function carrierRateWarning(
  code: 'CARRIER_RATE_REFUSED' | 'CARRIER_RATE_UNAVAILABLE',
  carrier: { name_en: string; name_ar: string },
  service: string,
  detail: string | undefined,
): RatesWarning {
  if (code === 'CARRIER_RATE_REFUSED') {
    return {
      code,
      message_en: `${carrier.name_en} did not quote ${service}: ${detail}`,
      message_ar: `لم تُسعّر ${carrier.name_ar} الخدمة ${service}: ${detail}`,
    };
  }
  return detail === 'contract'
    ? {
        code,
        message_en: `${carrier.name_en} did not answer its rate request in time; ${service} is priced from the connection's contract rates.`,
        message_ar: `لم تُجب ${carrier.name_ar} على طلب السعر في الوقت المحدد؛ سُعّرت ${service} من أسعار العقد في الربط.`,
      }
    : {
        code,
        message_en: `${carrier.name_en} did not answer its rate request in time; ${service} is not quoted. Try again shortly.`,
        message_ar: `لم تُجب ${carrier.name_ar} على طلب السعر في الوقت المحدد؛ لم تُسعّر ${service}. أعد المحاولة بعد قليل.`,
      };
}
