import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SeedPlatformConnectionsUseCase } from '@lgw/application';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { carrierCredentialSchemas } from '@lgw/carriers';
import { sampleCredential } from '@lgw/domain';
import { openDatabase, SqlCarrierConnectionRepository } from '@lgw/persistence';
import { AesGcmSecretCipher } from '@lgw/webhooks';
import { CARRIER_CODES } from '../support/carriers';
import { apiCredentials, schemaOf } from '../support/carrier-connections';
import { createScratchDatabase, SERVICES_MODE } from '../support/test-mode';

const ROOT = join(__dirname, '..', '..');

/** The operator's CLI for the platform's carrier connections (docs/runbook.md), against the sandbox. */
describe('npm run cli -- carrier-connections:set|list', () => {
  let sandbox: RunningCarrierSandbox;
  let dataDir: string;
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  const key = randomBytes(32);
  const code = CARRIER_CODES[0];

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'lgw-connections-cli-'));
    env = { DATA_DIR: dataDir, SANDBOX_URL: sandbox.url, WEBHOOK_SECRET_KEY: key.toString('base64'), LOG_LEVEL: 'silent' };
    if (SERVICES_MODE) {
      const db = await createScratchDatabase();
      env.DATABASE_URL = db.url;
      drop = db.drop;
    }
  });
  afterAll(async () => {
    await sandbox.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['-r', './bench/support/register.js', 'apps/cli/main.ts', ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('exit', (exit) => resolve({ code: exit ?? -1, stdout, stderr }));
    });
  }

  it('saves the platform connection only with credentials the carrier accepts, prints hints only, and survives the next start', async () => {
    const unknown = Object.fromEntries(Object.entries(schemaOf(code).fields).map(([name, field]) => [name, sampleCredential(field)]));
    const refused = await cli('carrier-connections:set', '--carrier', code, '--credentials', JSON.stringify(apiCredentials(unknown)));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused by carrier');

    const opened = await fetch(`${sandbox.url}/sandbox/v1/carriers/${code}/accounts`, { method: 'POST' });
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

    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      const cipher = new AesGcmSecretCipher(key);
      const [row] = await database.dataSource.query('SELECT credentials_ciphertext FROM carrier_connections WHERE id = $1', [
        connection.id,
      ]);
      expect(JSON.parse(cipher.decrypt(row.credentials_ciphertext))).toEqual(account.credentials);
      // The next start seeds the other carriers from the environment and leaves this one as the operator set it.
      const repository = new SqlCarrierConnectionRepository(database.dataSource);
      const seeded = await new SeedPlatformConnectionsUseCase(repository, carrierCredentialSchemas({}), cipher).execute();
      expect(seeded.records.map((r) => r.carrierCode).sort()).toEqual([...CARRIER_CODES].sort());
      expect(seeded.records.find((r) => r.carrierCode === code)?.id).toBe(connection.id);
      expect(seeded.credentials[code]).toEqual(account.credentials);
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
      expect(other.unreadable.sort()).toEqual([...CARRIER_CODES].sort());
    } finally {
      await database.close();
    }
  });
});
