import { createHash, randomBytes } from 'node:crypto';

/** The account the simulated carrier gives the platform (the credentials of the carrier's definition). */
export const PLATFORM_SANDBOX_ACCOUNT = 'acct_platform';

export interface SandboxAccount {
  readonly id: string;
  readonly accountNumber: string | null;
  readonly createdAt: Date;
}

/**
 * The merchant accounts a simulated carrier knows, each with its own credentials, as a real
 * carrier issues them (docs/adr/0065-carrier-connections.md): calls are authenticated against
 * them, and bookings record the account they came with, so a test can prove which account a
 * booking went to. Credentials are held as a digest only.
 */
export class SandboxAccounts {
  private readonly byDigest = new Map<string, SandboxAccount>();

  /** The platform's account; replaced when the sandbox is given other credentials. */
  usePlatform(credentials: Readonly<Record<string, string>>): void {
    for (const [digest, account] of this.byDigest) if (account.id === PLATFORM_SANDBOX_ACCOUNT) this.byDigest.delete(digest);
    this.byDigest.set(digestOf(credentials), { id: PLATFORM_SANDBOX_ACCOUNT, accountNumber: null, createdAt: new Date() });
  }

  /** Opens an account with these credentials (the same credentials again answer the same account). */
  open(credentials: Readonly<Record<string, string>>, accountNumber: string | null): SandboxAccount {
    const digest = digestOf(credentials);
    const known = this.byDigest.get(digest);
    if (known) return known;
    const account = { id: `acct_${randomBytes(8).toString('hex')}`, accountNumber, createdAt: new Date() };
    this.byDigest.set(digest, account);
    return account;
  }

  /** The account these credentials belong to, or undefined: the carrier refuses the call. */
  match(credentials: Readonly<Record<string, string | undefined>>): SandboxAccount | undefined {
    if (Object.values(credentials).some((value) => value === undefined)) return undefined;
    return this.byDigest.get(digestOf(credentials as Record<string, string>));
  }

  /** Closes an account: its credentials are refused from then on. */
  close(id: string): boolean {
    for (const [digest, account] of this.byDigest) {
      if (account.id === id && id !== PLATFORM_SANDBOX_ACCOUNT) return this.byDigest.delete(digest);
    }
    return false;
  }

  list(): SandboxAccount[] {
    return [...this.byDigest.values()];
  }

  /** Persistence (docs/adr/0063): digests and accounts only. */
  save(): [string, SandboxAccount][] {
    return [...this.byDigest].filter(([, account]) => account.id !== PLATFORM_SANDBOX_ACCOUNT);
  }

  restore(saved: [string, SandboxAccount][]): void {
    for (const [digest, account] of saved) this.byDigest.set(digest, { ...account, createdAt: new Date(account.createdAt) });
  }
}

function digestOf(credentials: Readonly<Record<string, string>>): string {
  const canonical = JSON.stringify(Object.entries(credentials).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(canonical).digest('hex');
}

const requestAccounts = new WeakMap<object, string>();

/** Notes the account a native request authenticated as, for the booking it makes. */
export function rememberAccount(request: { raw: object }, account: SandboxAccount): void {
  requestAccounts.set(request.raw, account.id);
}

/** The account the request authenticated as (rememberAccount), if any. */
export function accountOf(request: { raw: object }): string | undefined {
  return requestAccounts.get(request.raw);
}
