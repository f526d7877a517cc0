import { spawn } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { openDatabase } from '@lgw/persistence';
import { AesGcmSecretCipher } from '@lgw/webhooks';
import { createScratchDatabase, SERVICES_MODE } from '../support/test-mode';

const ROOT = join(__dirname, '..', '..');

/** The operator's CLI onboarding against the sandbox's Fatoora simulator: output, exit code, what is stored. */
describe('npm run cli -- einvoicing:onboard', () => {
  let sandbox: RunningCarrierSandbox;
  let dataDir: string;
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  const key = randomBytes(32);

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'lgw-einvoice-cli-'));
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
      child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
  }

  it("refuses a wrong OTP with ZATCA's reason, and onboards with a good one; the key and secret are stored encrypted and never printed", async () => {
    const refused = await cli('einvoicing:onboard', '--otp', '000000');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Invalid-OTP');

    const done = await cli('einvoicing:onboard', '--otp', '123345');
    expect(done.code).toBe(0);
    const result = JSON.parse(done.stdout);
    expect(result.compliance_checks.map((c: { status: string }) => c.status)).toEqual(['CLEARED', 'CLEARED', 'REPORTED', 'REPORTED']);

    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      const [unit] = await database.dataSource.query('SELECT * FROM einvoice_egs_units WHERE id = $1', [result.egs_id]);
      const cipher = new AesGcmSecretCipher(key);
      const privateKey = cipher.decrypt(unit.private_key_encrypted);
      const secret = cipher.decrypt(unit.production_secret_encrypted);
      expect(privateKey).toContain('BEGIN EC PRIVATE KEY');
      for (const output of [done.stdout, done.stderr, refused.stderr]) {
        expect(output).not.toContain('PRIVATE KEY');
        expect(output).not.toContain(secret);
        expect(output).not.toContain(privateKey.split('\n')[1]);
      }
      const ca = new X509Certificate(
        Buffer.from(((await (await fetch(`${sandbox.url}/sandbox/zatca/ca`)).json()) as { certificate: string }).certificate, 'base64'),
      );
      expect(new X509Certificate(Buffer.from(unit.certificate, 'base64')).verify(ca.publicKey)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
