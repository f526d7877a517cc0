import { CarrierRejectedError, CarrierUnavailableError } from '@lgw/kernel';
import { CarrierCallGuard } from './carrier-call-guard';
import { CarrierTransportError } from './carrier-transport.error';
import { DEFAULT_RESILIENCE, ResilienceSettings } from './resilience.settings';

const settings: ResilienceSettings = {
  ...DEFAULT_RESILIENCE,
  timeoutMs: 100,
  retryAttempts: 2,
  retryBaseDelayMs: 1,
  breakerThreshold: 3,
  breakerHalfOpenMs: 50,
  bulkheadLimit: 2,
  bulkheadQueue: 1,
};

const failing = () => Promise.reject(new CarrierTransportError('connection failed'));
const never = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new CarrierTransportError('timed out'))));

describe('CarrierCallGuard', () => {
  it('retries idempotent calls only', async () => {
    // The deadline covers the retries too: generous here, where only the count of attempts matters
    // (100 ms ran out before the third attempt on a loaded machine).
    const guard = new CarrierCallGuard('x', { ...settings, breakerThreshold: 100, timeoutMs: 10_000 });
    const idempotent = jest.fn(failing);
    const once = jest.fn(failing);
    await expect(guard.run('op', idempotent, { idempotent: true })).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(guard.run('op', once, { idempotent: false })).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect(idempotent).toHaveBeenCalledTimes(3);
    expect(once).toHaveBeenCalledTimes(1);
  });

  it('recovers when a retry succeeds', async () => {
    // A generous deadline, as above: the retry is what is checked (100 ms ran out before it in a
    // pass at nice 19 beside a busy one).
    const guard = new CarrierCallGuard('x', { ...settings, timeoutMs: 10_000 });
    const call = jest.fn().mockRejectedValueOnce(new CarrierTransportError('reset')).mockResolvedValueOnce('ok');
    await expect(guard.run('op', call, { idempotent: true })).resolves.toBe('ok');
  });

  it('neither retries nor counts a carrier refusal', async () => {
    const guard = new CarrierCallGuard('x', settings);
    const refusal = new CarrierRejectedError('x', 'no');
    const call = jest.fn(() => Promise.reject(refusal));
    for (let i = 0; i < 5; i++) await expect(guard.run('op', call, { idempotent: true })).rejects.toBe(refusal);
    expect(call).toHaveBeenCalledTimes(5);
    expect(guard.circuit.operations).toBe('closed');
  });

  it('enforces the deadline over the whole operation, retries included', async () => {
    // A deadline per attempt would take three deadlines (1,500 ms); the margin up to that bound
    // absorbs a loaded machine's event-loop lag.
    const guard = new CarrierCallGuard('x', { ...settings, timeoutMs: 500 });
    const started = Date.now();
    const error = await guard.run('book', never, { idempotent: true }).catch((e) => e);
    expect(error).toBeInstanceOf(CarrierUnavailableError);
    expect(error.reason).toMatch(/no answer within 500 ms/);
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it("aborts a call's signal when its deadline passes, and leaves it alone once the call has answered", async () => {
    const guard = new CarrierCallGuard('x', { ...settings, timeoutMs: 10_000 });
    const signals: AbortSignal[] = [];
    const answered = (signal: AbortSignal) => {
      signals.push(signal);
      return Promise.resolve('ok');
    };
    await expect(guard.run('book', answered, { idempotent: true })).resolves.toBe('ok');
    await expect(guard.run('book', answered, { idempotent: false })).resolves.toBe('ok');
    await expect(guard.runPassthrough(answered)).resolves.toBe('ok');
    expect(signals.map((signal) => signal.aborted)).toEqual([false, false, false]);

    const short = new CarrierCallGuard('x', { ...settings, timeoutMs: 50 });
    let timedOut: AbortSignal | undefined;
    const error = await short.run('book', (signal) => ((timedOut = signal), never(signal)), { idempotent: false }).catch((e) => e);
    expect(error).toBeInstanceOf(CarrierUnavailableError);
    expect(timedOut?.aborted).toBe(true);
  });

  it('opens the circuit after consecutive failures, then lets a trial call through', async () => {
    const guard = new CarrierCallGuard('x', settings);
    for (let i = 0; i < 3; i++) await guard.run('op', failing, { idempotent: false }).catch(() => undefined);
    expect(guard.circuit.operations).toBe('open');
    const blocked = jest.fn(() => Promise.resolve('ok'));
    const error = await guard.run('op', blocked, { idempotent: false }).catch((e) => e);
    expect(error.reason).toMatch(/circuit open/);
    expect(error.retryAfterSeconds).toBe(1);
    expect(blocked).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 60));
    await expect(guard.run('op', blocked, { idempotent: false })).resolves.toBe('ok');
    expect(guard.circuit.operations).toBe('closed');
  });

  it('counts an operation once, however many attempts it took', async () => {
    const guard = new CarrierCallGuard('x', settings);
    for (let i = 0; i < 2; i++) await guard.run('op', failing, { idempotent: true }).catch(() => undefined);
    expect(guard.circuit.operations).toBe('closed');
    await guard.run('op', failing, { idempotent: true }).catch(() => undefined);
    expect(guard.circuit.operations).toBe('open');
  });

  it('rejects at once beyond the bulkhead and its queue', async () => {
    // At once: long before the calls in flight reach their deadline, whatever the machine's load.
    const guard = new CarrierCallGuard('x', { ...settings, timeoutMs: 1_500 });
    const calls = Array.from({ length: 5 }, () => guard.run('op', never, { idempotent: false }).catch((e) => e));
    const started = Date.now();
    const rejected = await Promise.race([calls[3], calls[4]]);
    expect(Date.now() - started).toBeLessThan(750);
    expect(rejected.reason).toMatch(/too many calls in flight/);
    await Promise.all(calls);
  });

  it('keeps passthrough on its own breaker and never retries it', async () => {
    const guard = new CarrierCallGuard('x', settings);
    for (let i = 0; i < 3; i++) await guard.run('op', failing, { idempotent: false }).catch(() => undefined);
    expect(guard.circuit).toEqual({ operations: 'open', passthrough: 'closed' });
    const call = jest.fn(failing);
    await expect(guard.runPassthrough(call)).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('reports every operation and circuit change to its observer', async () => {
    const calls: string[] = [];
    const circuits: string[] = [];
    const observer = {
      call: (carrier: string, operation: string, outcome: string, seconds: number) => {
        expect(seconds).toBeGreaterThanOrEqual(0);
        calls.push(`${carrier}:${operation}:${outcome}`);
      },
      circuit: (carrier: string, breaker: string, state: string) => circuits.push(`${carrier}:${breaker}:${state}`),
    };
    const guard = new CarrierCallGuard('x', { ...settings, retryAttempts: 0, observer });
    await guard.run('book', () => Promise.resolve('ok'), { idempotent: false });
    await expect(guard.run('cancel', () => Promise.reject(new CarrierRejectedError('x', 'no')), { idempotent: false })).rejects.toThrow();
    for (let i = 0; i < 3; i++) await expect(guard.run('track', failing, { idempotent: false })).rejects.toThrow();
    await expect(guard.runPassthrough(() => Promise.resolve('ok'))).resolves.toBe('ok');
    expect(calls).toEqual([
      'x:book:ok',
      'x:cancel:rejected',
      'x:track:unavailable',
      'x:track:unavailable',
      'x:track:unavailable',
      'x:passthrough:ok',
    ]);
    expect(circuits).toEqual(['x:operations:closed', 'x:passthrough:closed', 'x:operations:open']);
  });
});
