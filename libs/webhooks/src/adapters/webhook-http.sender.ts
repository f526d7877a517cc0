import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent, request } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { WebhookSendResult, WebhookSenderPort } from '../application/ports/webhooks.port';
import { isPublicAddress } from './target-address-guard';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Name resolution, replaceable so tests can resolve names that exist nowhere else. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface WebhookHttpSenderOptions {
  readonly timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: lifts the address check (never the https rule). */
  readonly allowPrivateTargets: boolean;
  /** Extra trusted CA certificates (PEM), on top of Node's store. */
  readonly ca?: string | Buffer;
  readonly resolver?: HostResolver;
}

/** Bytes of a receiver's answer kept for the delivery log's error; the rest is discarded. */
const MAX_ERROR_BODY = 256;
const USER_AGENT = 'LogisticsGateway-Webhooks/1.0';

type Target = { ok: true; address: ResolvedAddress; hostname: string } | { ok: false; reason: string };

/**
 * POSTs webhook messages over HTTPS. The host is resolved once per attempt, every address
 * it resolves to is checked, and the connection goes to the address that was checked
 * (through the request's `lookup`, so TLS still verifies the certificate against the
 * host name): no second look-up, so no DNS-rebinding window between check and connect.
 * Redirects are never followed.
 */
export class WebhookHttpSender implements WebhookSenderPort {
  private readonly agent: Agent;
  private readonly resolver: HostResolver;

  constructor(private readonly options: WebhookHttpSenderOptions) {
    const { timeoutMs, ca } = options;
    this.agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: timeoutMs, ...(ca ? { ca: withSystemCas(ca) } : {}) });
    this.resolver = options.resolver ?? systemResolver;
  }

  async checkTarget(url: string): Promise<string | null> {
    const target = await this.resolve(new URL(url));
    return target.ok ? null : target.reason;
  }

  async send(url: string, headers: Record<string, string>, body: string): Promise<WebhookSendResult> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return { statusCode: null, error: 'target refused: only https is allowed' };
    const target = await this.resolve(parsed);
    if (!target.ok) return { statusCode: null, error: `target refused: ${target.reason}` };
    const pinned: LookupFunction = (_hostname, opts, callback) => {
      if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [target.address]);
      else callback(null, target.address.address, target.address.family);
    };
    return new Promise<WebhookSendResult>((resolve) => {
      let settled = false;
      const finish = (result: WebhookSendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = request(
        {
          protocol: 'https:',
          hostname: target.hostname,
          port: parsed.port || 443,
          path: `${parsed.pathname}${parsed.search}`,
          method: 'POST',
          agent: this.agent,
          lookup: pinned,
          headers: { ...headers, 'content-length': Buffer.byteLength(body), 'user-agent': USER_AGENT },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let kept = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (kept.length < MAX_ERROR_BODY) kept += chunk.slice(0, MAX_ERROR_BODY - kept.length);
          });
          res.on('end', () => finish(resultOf(status, res.headers, kept)));
          res.on('error', (err) => finish({ statusCode: status, error: err.message }));
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new Error(`timeout after ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      req.on('error', (err) => finish({ statusCode: null, error: err.message }));
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }

  private async resolve(url: URL): Promise<Target> {
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    if (isIP(hostname)) {
      addresses = [{ address: hostname, family: isIP(hostname) }];
    } else {
      try {
        addresses = await this.resolver(hostname);
      } catch {
        return { ok: false, reason: `host ${hostname} does not resolve` };
      }
      if (addresses.length === 0) return { ok: false, reason: `host ${hostname} does not resolve` };
    }
    if (!this.options.allowPrivateTargets) {
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused) return { ok: false, reason: `resolves to a non-public address (${refused.address})` };
    }
    return { ok: true, address: addresses[0], hostname };
  }
}

function resultOf(status: number, headers: Record<string, string | string[] | undefined>, body: string): WebhookSendResult {
  if (status >= 200 && status < 300) return { statusCode: status, error: null };
  if (status >= 300 && status < 400) {
    return { statusCode: status, error: `redirect not followed (to ${String(headers.location ?? 'nowhere')})` };
  }
  const retryAfterMs = parseRetryAfter(headers['retry-after']);
  const excerpt = body.replace(/\s+/g, ' ').trim();
  return {
    statusCode: status,
    error: `HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}

/** Retry-After as seconds or an HTTP date; capped at a day so a receiver cannot park a message forever. */
function parseRetryAfter(raw: string | string[] | undefined): number | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(seconds, 24 * 3_600_000);
}

/** Node replaces its CA store when `ca` is given; keep the public roots beside the extra ones. */
function withSystemCas(ca: string | Buffer): string[] {
  return [...rootCertificates, ca.toString()];
}
