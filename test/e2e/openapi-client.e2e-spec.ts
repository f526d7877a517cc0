import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const ROOT = resolve(__dirname, '..', '..');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
/** Compiled against the generated client by this suite, not by the project's typecheck (the client exists only here). */
const MERCHANT_FLOW = join(ROOT, 'test', 'openapi-client', 'merchant-flow.ts');

/**
 * The OpenAPI document as a merchant uses it: a TypeScript client generated from the live
 * document with openapi-typescript compiles a whole merchant flow (openapi-fetch) without a
 * cast, and that flow runs against the booted app.
 */
describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let team: TestTeam;
  let dir: string;

  beforeAll(async () => {
    t = await bootTestApp({ worker: true });
    team = await t.createTeam('Client Team');
    dir = mkdtempSync(join(tmpdir(), 'lgw-openapi-client-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks the merchant flow against the generated client', async () => {
    const res = await t.api('/openapi.json', { key: null });
    expect(res.status).toBe(200);
    writeFileSync(join(dir, 'openapi.json'), res.text);
    execFileSync(bin('openapi-typescript'), [join(dir, 'openapi.json'), '-o', join(dir, 'api.d.ts')], { stdio: 'pipe' });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'commonjs',
          moduleResolution: 'node',
          esModuleInterop: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
          types: [],
          baseUrl: dir,
          paths: { 'lgw-openapi-client': [join(dir, 'api.d.ts')] },
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: [MERCHANT_FLOW],
      }),
    );
    let output = '';
    try {
      execFileSync(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { stdio: 'pipe', cwd: ROOT });
    } catch (error) {
      output = String((error as { stdout?: Buffer }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 120_000);

  it('runs the merchant flow against the app: rates, shipment, label, tracking, search, cancel', async () => {
    const { merchantFlow } = (await import(MERCHANT_FLOW)) as {
      merchantFlow(
        baseUrl: string,
        apiKey: string,
      ): Promise<{ quotes: number; shipment: { reference: string | null }; [k: string]: unknown }>;
    };
    const result = await merchantFlow(t.url, team.apiKey);
    expect(result.quotes).toBeGreaterThan(0);
    expect(result.shipment.reference).toBe('CLIENT-ORDER-1');
    expect(result.labelBytes).toBeGreaterThan(1000);
    expect(result.trackingEvents).toBeGreaterThan(0);
    expect(result.found).toBe(1);
    expect(result.cancelledStatus).toBe('CANCELLED');
  }, 60_000);
});
