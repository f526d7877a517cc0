import { ConnectionOwner, ConnectionStatus } from '../domain/carrier-connection';
import { CarrierConnectionRecord } from './ports/carrier-connection.port';

/** A connection as the API shows it (DESIGN §6): never the credentials, only their hint. */
export interface CarrierConnectionView {
  readonly id: string;
  readonly carrier: string;
  readonly owner: ConnectionOwner;
  readonly status: ConnectionStatus;
  /** Null for the platform's connections shown to a team: their credentials are none of its business. */
  readonly credentials_hint: string | null;
  readonly account_number: string | null;
  /** Service codes priced from the connection's contract rates instead of the carrier's cards. */
  readonly contract_rates: string[];
  readonly created_at: string;
  /**
   * Where the carrier pushes status updates for this account: the path under the gateway's
   * public address. Only in the answer that created the connection (the token is kept hashed).
   */
  readonly webhook_url?: string;
}

export function toCarrierConnectionView(
  record: CarrierConnectionRecord,
  audience: 'team' | 'operator',
  webhookUrl?: string,
): CarrierConnectionView {
  const hidden = audience === 'team' && record.owner === 'platform';
  return {
    id: record.id,
    carrier: record.carrierCode,
    owner: record.owner,
    status: record.status,
    credentials_hint: hidden ? null : record.credentialsHint,
    account_number: hidden ? null : record.accountNumber,
    contract_rates: hidden ? [] : Object.keys(record.rateCards ?? {}).sort(),
    created_at: record.createdAt.toISOString(),
    ...(webhookUrl ? { webhook_url: webhookUrl } : {}),
  };
}

export interface CarrierConnectionListView {
  readonly connections: CarrierConnectionView[];
}
