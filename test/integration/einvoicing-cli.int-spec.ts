import { X509Certificate } from 'node:crypto';
import { openDatabase } from '@lgw/database';
import { AesGcmSecretCipher } from '@lgw/platform';
import { useCliAgainstSandbox } from '../support/cli-harness';

/** The operator's CLI onboarding against the sandbox's Fatoora simulator: output, exit code, what is stored. */
describe('npm run cli -- einvoicing:onboard', () => {
  const harness = useCliAgainstSandbox('einvoice');
  const { cli } = harness;

  it("refuses a wrong OTP with ZATCA's reason, and onboards with a good one; the key and secret are stored encrypted and never printed", async () => {
    const refused = await cli('einvoicing:onboard', '--otp', '000000');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Invalid-OTP');

    const done = await cli('einvoicing:onboard', '--otp', '123345');
    expect(done.code).toBe(0);
    const result = JSON.parse(done.stdout);
    expect(result.compliance_checks.map((c: { status: string }) => c.status)).toEqual(['CLEARED', 'CLEARED', 'REPORTED', 'REPORTED']);

    const database = await openDatabase({ databaseUrl: harness.env.DATABASE_URL, dataDir: harness.dataDir });
    try {
      const [unit] = await database.dataSource.query('SELECT * FROM einvoice_egs_units WHERE id = $1', [result.egs_id]);
      const cipher = new AesGcmSecretCipher(harness.key);
      const privateKey = cipher.decrypt(unit.private_key_encrypted);
      const secret = cipher.decrypt(unit.production_secret_encrypted);
      expect(privateKey).toContain('BEGIN EC PRIVATE KEY');
      for (const output of [done.stdout, done.stderr, refused.stderr]) {
        expect(output).not.toContain('PRIVATE KEY');
        expect(output).not.toContain(secret);
        expect(output).not.toContain(privateKey.split('\n')[1]);
      }
      const ca = new X509Certificate(
        Buffer.from(
          ((await (await fetch(`${harness.sandbox.url}/sandbox/zatca/ca`)).json()) as { certificate: string }).certificate,
          'base64',
        ),
      );
      expect(new X509Certificate(Buffer.from(unit.certificate, 'base64')).verify(ca.publicKey)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
