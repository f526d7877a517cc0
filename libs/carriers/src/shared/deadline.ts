/** Settles with `work`, or rejects with `onTimeout()` once `ms` have passed, whichever is first. */
export function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}
