import { accountOf, PLATFORM_SANDBOX_ACCOUNT, rememberAccount, SandboxAccounts } from './sandbox-accounts';

describe('sandbox accounts', () => {
  it("authenticates the platform's and opened accounts by their full credentials only", () => {
    const accounts = new SandboxAccounts();
    accounts.usePlatform({ username: 'platform', password: 'secret-1' });
    const opened = accounts.open({ username: 'merchant', password: 'secret-2' }, 'AB1234');
    expect(opened.id).toMatch(/^acct_[0-9a-f]{16}$/);
    expect(accounts.match({ password: 'secret-1', username: 'platform' })?.id).toBe(PLATFORM_SANDBOX_ACCOUNT);
    expect(accounts.match({ username: 'merchant', password: 'secret-2' })).toEqual(opened);
    expect(accounts.match({ username: 'merchant', password: 'secret-1' })).toBeUndefined();
    expect(accounts.match({ username: 'merchant', password: undefined })).toBeUndefined();
    // The same credentials open the same account again.
    expect(accounts.open({ username: 'merchant', password: 'secret-2' }, null)).toBe(opened);
  });

  it('closes an account (never the platform’s) and keeps no credential in what it saves', () => {
    const accounts = new SandboxAccounts();
    accounts.usePlatform({ apiKey: 'platform-key' });
    const opened = accounts.open({ apiKey: 'merchant-key' }, null);
    const saved = accounts.save();
    expect(JSON.stringify(saved)).not.toContain('merchant-key');
    expect(accounts.close(PLATFORM_SANDBOX_ACCOUNT)).toBe(false);
    expect(accounts.close(opened.id)).toBe(true);
    expect(accounts.match({ apiKey: 'merchant-key' })).toBeUndefined();

    const restored = new SandboxAccounts();
    restored.restore(JSON.parse(JSON.stringify(saved)));
    expect(restored.match({ apiKey: 'merchant-key' })?.id).toBe(opened.id);
    expect(restored.match({ apiKey: 'merchant-key' })?.createdAt).toBeInstanceOf(Date);
  });

  it('remembers which account a request authenticated as', () => {
    const accounts = new SandboxAccounts();
    const account = accounts.open({ apiToken: 'tok' }, null);
    const request = { raw: {} };
    expect(accountOf(request)).toBeUndefined();
    rememberAccount(request, account);
    expect(accountOf(request)).toBe(account.id);
  });
});
