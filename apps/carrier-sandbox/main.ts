import { startCarrierSandbox } from '@lgw/carrier-sandbox';
import { loadSandboxConfig } from '@lgw/platform';

async function main(): Promise<void> {
  const config = loadSandboxConfig();
  const sandbox = await startCarrierSandbox({
    port: config.port,
    host: config.host,
    // Memory only unless given a directory to keep the simulated carriers' state in.
    dataDir: config.dataDir,
    autoAdvanceSeconds: config.autoAdvanceSeconds,
    addressSeed: config.addressSeed,
    addressServiceKey: config.addressServiceKey,
    env: config.env,
  });
  process.stdout.write(`${JSON.stringify({ level: 'info', msg: 'carrier sandbox listening', url: sandbox.url })}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${JSON.stringify({ level: 'info', msg: 'carrier sandbox stopping', signal })}\n`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'carrier sandbox failed to start', error: String(error) })}\n`);
  process.exit(1);
});
