import { Logger } from '@nestjs/common';
import { CarrierDescriptor, IntegrationType, CarrierUnavailableError } from '@lgw/kernel';
import { CarrierPort, PassthroughResponse } from '../ports/carrier.port';
import { PassthroughAuditEntry, PassthroughAuditPort } from '../ports/passthrough-audit.port';
import { ForwardToCarrierUseCase } from './forward-to-carrier.use-case';

class MemoryAudit implements PassthroughAuditPort {
  readonly entries: PassthroughAuditEntry[] = [];
  failNext = false;
  async record(entry: PassthroughAuditEntry): Promise<void> {
    if (this.failNext) throw new Error('database gone');
    this.entries.push(entry);
  }
  async listForTeam(): Promise<PassthroughAuditEntry[]> {
    return this.entries;
  }
}

function fakeCarrier(code: string, answer: () => Promise<PassthroughResponse>) {
  const calls: Buffer[] = [];
  const port = {
    code,
    passthrough: async (raw: Buffer) => {
      calls.push(raw);
      return answer();
    },
  } as unknown as CarrierPort;
  return { port, calls };
}

const carrier = (code: string, integration_type: IntegrationType, passthrough: boolean): CarrierDescriptor => ({
  code,
  name_en: code,
  name_ar: code,
  integration_type,
  coverage_countries: ['SA'],
  service_levels: [],
  capabilities: { passthrough },
});
// 'quiet' has a REST API but does not offer passthrough: the capability decides, not the type.
const CATALOGUE = [
  carrier('sahm', 'rest', true),
  carrier('bahr', 'rest_legacy', true),
  carrier('darb', 'csv_batch', false),
  carrier('quiet', 'rest', false),
];

const NOW = new Date('2025-01-05T10:00:00Z');

function setup(answer: () => Promise<PassthroughResponse>) {
  const carriers = new Map<string, ReturnType<typeof fakeCarrier>>();
  for (const { code } of CATALOGUE) carriers.set(code, fakeCarrier(code, answer));
  const audit = new MemoryAudit();
  const useCase = new ForwardToCarrierUseCase(
    { get: (code) => carriers.get(code)?.port },
    { all: () => CATALOGUE, find: (code) => CATALOGUE.find((c) => c.code === code), connectionOnly: () => [] },
    audit,
    { now: () => NOW },
  );
  return { useCase, audit, carriers };
}

const raw = Buffer.from('{"b":1.10,"a":"مرحبا"}');
const command = (carrierCode: string, ...body: unknown[]) => ({
  teamId: 'team-1',
  keyId: 'key-1',
  carrierCode,
  body: body.length > 0 ? body[0] : JSON.parse(raw.toString()),
  rawBody: raw,
  requestId: 'req-1',
});

describe('ForwardToCarrierUseCase', () => {
  const ok = async (): Promise<PassthroughResponse> => ({ status: 418, contentType: 'application/json', body: Buffer.from('{"x":1}') });

  it('forwards the raw bytes and returns any carrier answer with an audit entry', async () => {
    const { useCase, audit, carriers } = setup(ok);
    const result = await useCase.execute(command('bahr'));
    expect(carriers.get('bahr')!.calls).toEqual([raw]);
    expect(result.kind).toBe('answered');
    expect(result.kind === 'answered' && result.response.status).toBe(418);
    expect(audit.entries).toEqual([
      {
        teamId: 'team-1',
        keyId: 'key-1',
        carrierCode: 'bahr',
        status: 418,
        outcome: 'answered',
        latencyMs: expect.any(Number),
        requestBytes: raw.length,
        responseBytes: 7,
        requestId: 'req-1',
        createdAt: NOW,
      },
    ]);
  });

  it.each(['darb', 'quiet', 'nope', 'SAHM', ''])('treats %p as an unknown carrier, without calling or auditing', async (code) => {
    const { useCase, audit } = setup(ok);
    await expect(useCase.execute(command(code))).rejects.toMatchObject({ code: 'E_NOT_FOUND' });
    expect(audit.entries).toEqual([]);
  });

  it.each([[[1, 2]], ['text'], [null], [42], [undefined]])('refuses the body %p with 422 on body', async (body) => {
    const { useCase, carriers } = setup(ok);
    await expect(useCase.execute(command('sahm', body))).rejects.toMatchObject({ code: 'E_VALIDATION', details: { field: 'body' } });
    expect(carriers.get('sahm')!.calls).toEqual([]);
  });

  it('audits a call that got no answer, and hands the error back', async () => {
    const error = new CarrierUnavailableError('sahm', 'passthrough: timed out');
    const { useCase, audit } = setup(() => Promise.reject(error));
    const result = await useCase.execute(command('sahm'));
    expect(result).toMatchObject({ kind: 'failed', error });
    expect(audit.entries[0]).toMatchObject({ status: null, outcome: 'unavailable', responseBytes: null, carrierCode: 'sahm' });
  });

  it('keeps the carrier answer when the audit write fails', async () => {
    const { useCase, audit } = setup(ok);
    audit.failNext = true;
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const result = await useCase.execute(command('sahm'));
      expect(result.kind).toBe('answered');
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0][0])).not.toContain('مرحبا');
    } finally {
      logged.mockRestore();
    }
  });
});
