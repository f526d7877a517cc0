import { PassthroughResponse } from '@lgw/carrier-access';
import { CarrierRejectedError } from '@lgw/kernel';
import { checkAnswer, credentialsRefused, joinUrl, readJson, readJsonIfAny, sendHttp } from '../shared/carrier-http';
import { CarrierTransportError } from '../shared/carrier-transport.error';
import { bahrRefusal } from './bahr.mapper';
import { BahrSettings } from './bahr.settings';
import {
  BahrCreateWaybillResult,
  BahrEnvelope,
  BahrFindWaybillResult,
  BahrParty,
  BahrRemittanceList,
  BahrPickupRequest,
  BahrPickupResult,
  BahrTrackingHistory,
  BahrWaybill,
} from './bahr.wire-types';

const CARRIER = 'bahr';

/** A fault element in a Bahr answer: the service worked and said no. */
export class BahrFaultError extends CarrierRejectedError {
  constructor(
    readonly faultCode: string,
    faultString: string,
  ) {
    super(CARRIER, `${faultCode}: ${faultString}`);
    this.name = 'BahrFaultError';
  }
}

/** HTTP to Bahr's web service and nothing else. Credentials travel in the body, as Bahr expects. */
export class BahrClient {
  constructor(private readonly settings: Pick<BahrSettings, 'baseUrl' | 'username' | 'password'>) {}

  createWaybill(waybill: BahrWaybill, signal: AbortSignal): Promise<BahrCreateWaybillResult> {
    return this.call<BahrCreateWaybillResult>('/ws/Shipping/CreateWaybill', { Waybill: waybill }, signal);
  }

  findWaybill(gatewayRef: string, signal: AbortSignal): Promise<BahrFindWaybillResult> {
    return this.call<BahrFindWaybillResult>('/ws/Shipping/FindWaybill', { GatewayRef: gatewayRef }, signal);
  }

  async cancelWaybill(waybillNumber: string, signal: AbortSignal): Promise<void> {
    await this.call('/ws/Shipping/CancelWaybill', { WaybillNumber: waybillNumber }, signal);
  }

  async amendConsignee(waybillNumber: string, consignee: BahrParty, signal: AbortSignal): Promise<void> {
    await this.call('/ws/Shipping/AmendConsignee', { WaybillNumber: waybillNumber, Consignee: consignee }, signal);
  }

  remittances(afterSeqNo: number, signal: AbortSignal): Promise<BahrRemittanceList> {
    return this.call<BahrRemittanceList>('/ws/Finance/GetRemittances', { AfterSeqNo: afterSeqNo }, signal);
  }

  createPickup(pickup: BahrPickupRequest, signal: AbortSignal): Promise<BahrPickupResult> {
    return this.call<BahrPickupResult>('/ws/Pickup/CreatePickup', { Pickup: pickup }, signal);
  }

  findPickup(gatewayRef: string, signal: AbortSignal): Promise<BahrPickupResult> {
    return this.call<BahrPickupResult>('/ws/Pickup/FindPickup', { GatewayRef: gatewayRef }, signal);
  }

  async cancelPickup(pickupNumber: string, signal: AbortSignal): Promise<void> {
    await this.call('/ws/Pickup/CancelPickup', { PickupNumber: pickupNumber }, signal);
  }

  trackingHistory(waybillNumbers: readonly string[], signal: AbortSignal): Promise<BahrTrackingHistory> {
    return this.call<BahrTrackingHistory>('/ws/Tracking/GetHistory', { WaybillNumbers: waybillNumbers }, signal);
  }

  /** The forwarded bytes are the body, so the credentials go in Bahr's header pair instead. */
  async passthrough(rawBody: Buffer, signal: AbortSignal): Promise<PassthroughResponse> {
    const answer = await sendHttp({
      method: 'POST',
      url: joinUrl(this.settings.baseUrl, '/ws/Gateway/Forward'),
      signal,
      body: rawBody,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-bahr-username': this.settings.username,
        'x-bahr-password': this.settings.password,
      },
    });
    return {
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? 'application/json',
      body: answer.body,
    };
  }

  private async call<T>(path: string, payload: Record<string, unknown>, signal: AbortSignal): Promise<T> {
    const answer = await sendHttp({
      method: 'POST',
      url: joinUrl(this.settings.baseUrl, path),
      signal,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ Credentials: { UserName: this.settings.username, Password: this.settings.password }, ...payload }),
    });
    // Bahr answers faults with HTTP 200; any other status is the HTTP layer speaking.
    const envelope = readJson<BahrEnvelope<T>>(
      checkAnswer(CARRIER, answer, (refused) => bahrRefusal(readJsonIfAny(refused)) ?? `HTTP ${refused.status}`),
    ).Envelope;
    if (!envelope) throw new CarrierTransportError('answer without envelope');
    const fault = envelope.Fault;
    if (fault) {
      if (fault.FaultCode.startsWith('AUTH-')) throw credentialsRefused(CARRIER);
      if (fault.FaultCode.startsWith('SYS-')) throw new CarrierTransportError(`fault ${fault.FaultCode}`);
      throw new BahrFaultError(fault.FaultCode, fault.FaultString);
    }
    if (envelope.Body === null || envelope.Body === undefined) throw new CarrierTransportError('envelope without body');
    return envelope.Body;
  }
}
