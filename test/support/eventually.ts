export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value (errors count as "not yet"), or fails naming `what`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(250);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

/**
 * Sends again while the gateway answers 503, after its Retry-After (1 s when absent, at most
 * `capMs`), as the contract asks of clients; at most `attempts` sends, the last answer returned.
 */
export async function afterRetryAfter<T extends { status: number }>(
  send: () => Promise<T>,
  retryAfterOf: (answer: T) => string | null,
  { attempts, capMs }: { attempts: number; capMs: number },
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await send();
    if (answer.status !== 503 || attempt === attempts) return answer;
    await sleep(Math.min((Number(retryAfterOf(answer)) || 1) * 1000, capMs));
  }
}
