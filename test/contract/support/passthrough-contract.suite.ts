import { TEST_RESILIENCE, TIMING_MARGIN_MS, unavailableAfter } from './sandbox-harness';
import { CarrierOperationNotSupportedError } from '@lgw/kernel';
import type { CarrierDefinition } from '@lgw/carriers';
import type { ContractContext } from './carrier-contract.suite';

/** Unusual key order, Arabic and emoji, numbers whose text a re-serialiser would change. */
export const AWKWARD_BODY = Buffer.from(
  '{"zeta":1.10,"alpha":"مرحبا بالعالم ✓ 🚚","nested":{"b":[1,2.50,{"x":null}],"a":true},"big":1e2,"neg":-0.0,"esc":"line\\nnext \\u0041"}',
  'utf8',
);

/** Passthrough as docs/api.md §10 fixes it: bytes in and status + body out, untouched. */
export function describePassthroughContract(carrier: CarrierDefinition, ctx: () => ContractContext): void {
  const { code } = carrier.descriptor;
  describe(`${code} passthrough`, () => {
    it('forwards the body byte for byte and returns the carrier answer unchanged', async () => {
      const { adapter, control } = ctx();
      const answer = await adapter.passthrough(AWKWARD_BODY);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/application\/json/);

      const [seen] = await control.passthroughRequests(code);
      expect(Buffer.from(seen.body_base64, 'base64').equals(AWKWARD_BODY)).toBe(true);
      expect(seen.credentials_ok).toBe(true);
      expect(seen.content_type).toMatch(/application\/json/);

      // The echo embeds the bytes verbatim, and they still parse to the same value.
      expect(answer.body.indexOf(AWKWARD_BODY)).toBeGreaterThan(0);
      const parsed = JSON.parse(answer.body.toString('utf8'));
      expect(parsed.received).toEqual(JSON.parse(AWKWARD_BODY.toString('utf8')));
    });

    it('passes a carrier 4xx back unchanged', async () => {
      const { adapter } = ctx();
      const body = Buffer.from('{"sandbox_status":422,"ask":"for a refusal"}');
      const answer = await adapter.passthrough(body);
      expect(answer.status).toBe(422);
      const parsed = JSON.parse(answer.body.toString('utf8'));
      expect(parsed.received).toEqual({ sandbox_status: 422, ask: 'for a refusal' });
    });

    it('passes a carrier 5xx ("error" fault) back unchanged instead of failing', async () => {
      const { adapter, control } = ctx();
      const { faultBody: failure } = await carrier.simulator();
      expect(failure).toBeDefined();
      await control.fault(code, 'error');
      // More answers than the breaker threshold: an answered 500 must not open the circuit.
      for (let i = 0; i < TEST_RESILIENCE.breakerThreshold + 2; i++) {
        const answer = await adapter.passthrough(Buffer.from('{"a":1}'));
        expect(answer.status).toBe(500);
        // The failure in the carrier's own error shape: its simulator's declared body, which the
        // definition's refusal reader (written from the carrier's documentation) reads words from.
        const body: unknown = JSON.parse(answer.body.toString('utf8'));
        expect(body).toEqual(failure);
        expect(carrier.wire.refusal(body)).toMatch(/\S/);
      }
    });

    it('is not turned into a 503 by failed bookings', async () => {
      const { adapter, control } = ctx();
      await control.fault(code, 'error');
      for (let i = 0; i < TEST_RESILIENCE.breakerThreshold + 1; i++) {
        await adapter.fetchTracking(['X1']).catch(() => undefined);
      }
      expect((await adapter.passthrough(Buffer.from('{}'))).status).toBe(500);
    });

    it('throws CarrierUnavailableError only when no answer comes (down, slow), without retrying', async () => {
      const { adapter, control } = ctx();
      await control.fault(code, 'down');
      const before = await control.stats(code);
      const down = await unavailableAfter(() => adapter.passthrough(Buffer.from('{}')));
      expect(down.elapsedMs).toBeLessThan(TIMING_MARGIN_MS);
      expect((await control.stats(code)).native_requests - before.native_requests).toBe(1);

      await control.fault(code, 'slow', 3000);
      const slow = await unavailableAfter(() => adapter.passthrough(Buffer.from('{}')));
      expect(slow.elapsedMs).toBeLessThan(TEST_RESILIENCE.timeoutMs + TIMING_MARGIN_MS);
    });

    it('opens its circuit after repeated no-answers and recovers', async () => {
      const { adapter, control } = ctx();
      await control.fault(code, 'down');
      for (let i = 0; i < TEST_RESILIENCE.breakerThreshold; i++) {
        await unavailableAfter(() => adapter.passthrough(Buffer.from('{}')));
      }
      const open = await unavailableAfter(() => adapter.passthrough(Buffer.from('{}')));
      expect(open.error.reason).toMatch(/circuit open/);
      await control.fault(code, 'none');
      await new Promise((r) => setTimeout(r, TEST_RESILIENCE.breakerHalfOpenMs + 50));
      expect((await adapter.passthrough(Buffer.from('{"ok":true}'))).status).toBe(200);
    });
  });
}

/** A carrier that does not declare passthrough refuses it without a call to the carrier. */
export function describeNoPassthrough(code: string, ctx: () => ContractContext): void {
  it(`${code} has no passthrough`, async () => {
    const { adapter, control } = ctx();
    const before = await control.stats(code);
    await expect(adapter.passthrough(Buffer.from('{}'))).rejects.toBeInstanceOf(CarrierOperationNotSupportedError);
    expect((await control.stats(code)).native_requests).toBe(before.native_requests);
  });
}
