import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeEmbeddedSeed } from '@lgw/database';

const ROOT = resolve(__dirname, '..', '..');
const MIGRATIONS = join(ROOT, 'libs', 'database', 'src', 'migrations');

/**
 * The migrated empty embedded database every embedded test database starts from
 * (docs/adr/0090-embedded-seed.md). Named after the migrations' sources and PGlite's version, so
 * a changed migration or engine writes a new one; the first suite to need it writes it.
 */
let pending: Promise<string> | undefined;
export function embeddedSeedFile(): Promise<string> {
  pending ??= (async () => {
    const hash = createHash('sha256');
    hash.update(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
    for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
    const file = join(tmpdir(), 'lgw-embedded-seed', `${hash.digest('hex').slice(0, 16)}.tar`);
    if (!existsSync(file)) await writeEmbeddedSeed(file);
    return file;
  })();
  return pending;
}

/**
 * Seeds a gateway process's new data directory (DATA_DIR) before it starts: the process finds a
 * migrated database where it keeps it (`<DATA_DIR>/pgdata`) and opens it as its own.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const pgdata = join(dataDir, 'pgdata');
  if (existsSync(join(pgdata, 'PG_VERSION'))) return;
  const seed = await embeddedSeedFile();
  mkdirSync(pgdata, { recursive: true });
  // Member names start at the data directory's root ('/base/...'): tar extracts them under -C.
  execFileSync('tar', ['-xf', seed, '-C', pgdata], { stdio: ['ignore', 'ignore', 'pipe'] });
}
