import { randomBytes } from 'node:crypto';
import { SeedPlatformConnectionsUseCase, sampleCredential, SqlCarrierConnectionRepository } from '@lgw/carrier-access';
import { carrierCredentialSchemas } from '@lgw/carriers';
import { openDatabase } from '@lgw/database';
import { AesGcmSecretCipher } from '@lgw/platform';
import { CARRIER_CODES, carrierDefinition } from '../support/carriers';
import { apiCredentials, schemaOf } from '../support/carrier-connections';
import { useCliAgainstSandbox } from '../support/cli-harness';

/** The operator's CLI for the platform's carrier connections (docs/runbook.md), against the sandbox. */
describe('npm run cli -- carrier-connections:set|list', () => {
  const harness = useCliAgainstSandbox('connections');
  const { cli } = harness;
  const code = CARRIER_CODES[0];

  // Three CLI processes, each opening the database: minutes on a loaded machine.
  it('saves the platform connection only with credentials the carrier accepts, prints hints only, and survives the next start', async () => {
    const unknown = Object.fromEntries(Object.entries(schemaOf(code).fields).map(([name, field]) => [name, sampleCredential(field)]));
    const refused = await cli('carrier-connections:set', '--carrier', code, '--credentials', JSON.stringify(apiCredentials(unknown)));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused by carrier');

    const opened = await fetch(`${harness.sandbox.url}/sandbox/v1/carriers/${code}/accounts`, { method: 'POST' });
    const account = (await opened.json()) as { account_id: string; credentials: Record<string, string> };
    const saved = await cli(
      'carrier-connections:set',
      '--carrier',
      code,
      '--credentials',
      JSON.stringify(apiCredentials(account.credentials)),
    );
    expect({ code: saved.code, stderr: saved.stderr }).toEqual({ code: 0, stderr: '' });
    const connection = JSON.parse(saved.stdout);
    expect(connection).toMatchObject({ carrier: code, owner: 'platform', status: 'active', credentials_hint: expect.any(String) });

    const listed = await cli('carrier-connections:list');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).connections).toEqual([connection]);
    for (const output of [refused.stdout, refused.stderr, saved.stdout, listed.stdout]) {
      for (const value of [...Object.values(unknown), ...Object.values(account.credentials)]) expect(output).not.toContain(value);
    }
    expect((await cli('carrier-connections:set', '--carrier', code)).code).toBe(2);

    const database = await openDatabase({ databaseUrl: harness.env.DATABASE_URL, dataDir: harness.dataDir });
    try {
      const cipher = new AesGcmSecretCipher(harness.key);
      const [row] = await database.dataSource.query('SELECT credentials_ciphertext FROM carrier_connections WHERE id = $1', [
        connection.id,
      ]);
      // Stored by setting name; the sandbox answers under the API's names.
      expect(apiCredentials(JSON.parse(cipher.decrypt(row.credentials_ciphertext)))).toEqual(account.credentials);
      // The next start seeds the other carriers from the environment and leaves this one as the operator set it;
      // a real carrier the environment gives no account is not seeded (docs/adr/0076-real-carriers.md).
      const repository = new SqlCarrierConnectionRepository(database.dataSource);
      const seeded = await new SeedPlatformConnectionsUseCase(repository, carrierCredentialSchemas({}), cipher).execute();
      const expected = CARRIER_CODES.filter((c) => c === code || !carrierDefinition(c).offeredWithConnectionOnly);
      expect(seeded.records.map((r) => r.carrierCode).sort()).toEqual([...expected].sort());
      expect(seeded.records.find((r) => r.carrierCode === code)?.id).toBe(connection.id);
      expect(apiCredentials(seeded.credentials[code])).toEqual(account.credentials);
      expect(seeded.unreadable).toEqual([]);
      // Once seeded, never again: a second start changes nothing.
      const again = await new SeedPlatformConnectionsUseCase(repository, carrierCredentialSchemas({}), cipher).execute();
      expect(again.records.map((r) => r.id).sort()).toEqual(seeded.records.map((r) => r.id).sort());
      // Another WEBHOOK_SECRET_KEY cannot open them: reported, not fatal.
      const other = await new SeedPlatformConnectionsUseCase(
        repository,
        carrierCredentialSchemas({}),
        new AesGcmSecretCipher(randomBytes(32)),
      ).execute();
      expect(other.unreadable.sort()).toEqual([...expected].sort());
    } finally {
      await database.close();
    }
  }, 240_000);
});
