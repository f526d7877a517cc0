import { checkAnswer, HttpAnswer, joinUrl, readJson, readJsonIfAny, sendHttp } from '../shared/carrier-http';
import { darbRefusal } from './darb.mapper';
import { DarbSettings } from './darb.settings';
import { DarbFileReceipt, DarbFileType, DarbRange } from './darb.wire-types';

const CARRIER = 'darb';

/** HTTP to Darb's file API and nothing else. */
export class DarbClient {
  constructor(private readonly settings: Pick<DarbSettings, 'baseUrl' | 'apiKey'>) {}

  async allocateRange(size: number, signal: AbortSignal): Promise<DarbRange> {
    const answer = await this.call('POST', '/api/v1/tracking-ranges', signal, JSON.stringify({ size }), 'application/json');
    return readJson<DarbRange>(this.expectOk(answer));
  }

  async uploadFile(type: DarbFileType, csv: string, signal: AbortSignal): Promise<DarbFileReceipt> {
    const answer = await this.call('POST', `/api/v1/files/${type}`, signal, csv, 'text/csv; charset=utf-8');
    return readJson<DarbFileReceipt>(this.expectOk(answer));
  }

  /** The result CSV, or null while Darb is still processing the file. */
  async fetchResult(fileId: string, waitMs: number, signal: AbortSignal): Promise<string | null> {
    const query = new URLSearchParams({ wait_ms: String(Math.max(0, Math.floor(waitMs))) });
    const answer = await this.call('GET', `/api/v1/files/${encodeURIComponent(fileId)}/result?${query}`, signal);
    if (answer.status === 202) return null;
    return this.expectOk(answer).body.toString('utf8');
  }

  async statusFeed(trackingNumbers: readonly string[], signal: AbortSignal): Promise<string> {
    const query = new URLSearchParams({ tracking_numbers: trackingNumbers.join(',') });
    const answer = await this.call('GET', `/api/v1/status-feed?${query}`, signal);
    return this.expectOk(answer).body.toString('utf8');
  }

  /** The settlement file after `after` (a settlement_seq), and whether more is waiting. */
  async settlements(after: number, signal: AbortSignal): Promise<{ csv: string; more: boolean }> {
    const answer = await this.call('GET', `/api/v1/settlements?after=${after}`, signal);
    const ok = this.expectOk(answer);
    return { csv: ok.body.toString('utf8'), more: ok.headers.get('x-darb-more') === 'true' };
  }

  async orderLookup(orderRefs: readonly string[], signal: AbortSignal): Promise<string> {
    const query = new URLSearchParams({ order_refs: orderRefs.join(',') });
    const answer = await this.call('GET', `/api/v1/order-lookup?${query}`, signal);
    return this.expectOk(answer).body.toString('utf8');
  }

  /** The collection list's result CSV; a refused list (422) answers its CSV too. */
  async submitCollectionList(csv: string, signal: AbortSignal): Promise<string> {
    const answer = await this.call('POST', '/api/v1/collection-lists', signal, csv, 'text/csv; charset=utf-8');
    if (answer.status === 422) return answer.body.toString('utf8');
    return this.expectOk(answer).body.toString('utf8');
  }

  async collectionLookup(refs: readonly string[], signal: AbortSignal): Promise<string> {
    const answer = await this.call('GET', `/api/v1/collection-lookup?${new URLSearchParams({ collection_refs: refs.join(',') })}`, signal);
    return this.expectOk(answer).body.toString('utf8');
  }

  async cancelCollection(collectionNumber: string, signal: AbortSignal): Promise<void> {
    this.expectOk(await this.call('POST', `/api/v1/collections/${encodeURIComponent(collectionNumber)}/cancel`, signal));
  }

  private call(method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: string, contentType?: string) {
    return sendHttp({
      method,
      url: joinUrl(this.settings.baseUrl, path),
      signal,
      body,
      headers: { 'x-api-key': this.settings.apiKey, ...(contentType ? { 'content-type': contentType } : {}) },
    });
  }

  private expectOk(answer: HttpAnswer): HttpAnswer {
    return checkAnswer(CARRIER, answer, (refused) => darbRefusal(readJsonIfAny(refused)) ?? `HTTP ${refused.status}`);
  }
}
