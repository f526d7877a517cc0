/**
 * `npm run soak -- --minutes 30`: the production shape (an api and a worker process on a
 * scratch PostgreSQL database and a private Redis) under mixed traffic; prints RSS, open
 * handles and event-loop lag of the first and last third of the run as JSON.
 * Needs PostgreSQL on 127.0.0.1:5432 (TEST_POSTGRES_URL) and redis-server on the PATH.
 */
import { runSoak } from '../test/support/soak';

async function main(): Promise<void> {
  const at = process.argv.indexOf('--minutes');
  const minutes = at > 0 ? Number(process.argv[at + 1]) : 2;
  if (!(minutes > 0)) throw new Error('--minutes must be a positive number');
  const result = await runSoak({ minutes, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
