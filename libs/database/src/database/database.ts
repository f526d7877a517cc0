import type { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ORM_ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';
import { PgliteWire } from './pglite-wire';

export interface DatabaseSettings {
  /** Postgres connection string; absent means embedded PGlite. */
  readonly databaseUrl?: string;
  /** Where embedded PGlite keeps its files. */
  readonly dataDir: string;
  /** Embedded only: keep the database in memory (tests). */
  readonly inMemory?: boolean;
  /**
   * Embedded only: a migrated empty database (a file written by writeEmbeddedSeed) that a new
   * embedded database starts from instead of creating its cluster and replaying every migration;
   * migrations added since it was written still run. Tests start hundreds of databases
   * (docs/adr/0090-embedded-seed.md).
   */
  readonly embeddedSeedFile?: string;
  readonly poolSize?: number;
  /**
   * How long a query waits for a pool connection (connecting included) before it fails: a
   * database that is away fails requests fast (503) instead of holding them.
   */
  readonly connectTimeoutMs?: number;
}

/** The process's database (its data source and whether it is embedded), for the modules that bind SQL adapters. */
export const DATABASE = Symbol('DATABASE');

export interface Database {
  readonly dataSource: DataSource;
  readonly mode: 'postgres' | 'embedded';
  close(): Promise<void>;
}

interface EmbeddedDatabase {
  /** The pg driver's connection to PGlite, in process (docs/adr/0070-embedded-wire.md). */
  wire(): PgliteWire;
  stop(): Promise<void>;
}

/**
 * PGlite is one single-threaded session. The ordinary pg driver talks to it through an
 * in-process wire with a pool of ONE connection, so a transaction holds the connection from
 * BEGIN to COMMIT/ROLLBACK and two transactions can never interleave
 * (docs/adr/0002-embedded-database.md).
 */
async function startEmbedded(settings: DatabaseSettings): Promise<EmbeddedDatabase> {
  // Loaded lazily so production never pays for WASM.
  const { PGlite } = await import('@electric-sql/pglite');
  let location = 'memory://';
  let isNew = true;
  if (!settings.inMemory) {
    const dir = join(settings.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    location = dir;
    isNew = !existsSync(join(dir, 'PG_VERSION'));
  }
  const seed = settings.embeddedSeedFile && isNew ? new Blob([readFileSync(settings.embeddedSeedFile)]) : undefined;
  const db = await PGlite.create({ dataDir: location, ...(seed ? { loadDataDir: seed } : {}) });
  return {
    wire: () => new PgliteWire(db),
    stop: () => db.close(),
  };
}

/**
 * Writes a migrated empty embedded database to `file` (for DatabaseSettings.embeddedSeedFile).
 * Written beside and renamed into place, so a reader never sees half a file.
 */
export async function writeEmbeddedSeed(file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create('memory://');
  const dataSource = new DataSource(embeddedOptions(() => new PgliteWire(pglite)));
  try {
    await dataSource.initialize();
    await runMigrations(dataSource, true);
    await dataSource.destroy();
    const dump = await pglite.dumpDataDir('none');
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await pglite.close();
  }
}

const COMMON_OPTIONS = {
  type: 'postgres' as const,
  entities: ORM_ENTITIES,
  migrations: MIGRATIONS,
  synchronize: false,
  logging: false,
};

/** PGlite through the in-process wire, one connection (docs/adr/0070-embedded-wire.md). */
function embeddedOptions(stream: () => PgliteWire): DataSourceOptions {
  return { ...COMMON_OPTIONS, username: 'postgres', database: 'postgres', extra: { max: 1, connectionTimeoutMillis: 30_000, stream } };
}

export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let options: DataSourceOptions;
  if (settings.databaseUrl) {
    options = {
      ...COMMON_OPTIONS,
      url: settings.databaseUrl,
      extra: { max: settings.poolSize ?? 10, connectionTimeoutMillis: settings.connectTimeoutMs ?? 3_000 },
    };
  } else {
    embedded = await startEmbedded(settings);
    options = embeddedOptions(embedded.wire);
  }
  const dataSource = new DataSource(options);
  try {
    await dataSource.initialize();
    if (embedded) forgetStatementsOnReconnect(dataSource);
    await runMigrations(dataSource, embedded !== undefined);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    mode: embedded ? 'embedded' : 'postgres',
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.stop();
    },
  };
}

/**
 * PGlite is one session whoever connects: a new socket connection (the pool replaced its one
 * client) finds the previous connection's prepared statements still there, while the new
 * client believes none exist, and preparing one again would fail (42P05). The new client
 * starts by dropping them; it is queued before any query the pool hands it for.
 */
function forgetStatementsOnReconnect(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: EventEmitter }).master;
  pool?.on('connect', (client: { query(sql: string): Promise<unknown> }) => {
    client.query('DEALLOCATE ALL').catch(() => undefined);
  });
}

/**
 * Replicas starting together take turns: one runs the pending migrations, the others wait
 * on the advisory lock and then find none. Embedded mode has a single process and a single
 * connection, so it needs no lock (and could not take one without a second connection).
 */
async function runMigrations(dataSource: DataSource, embedded: boolean): Promise<void> {
  if (embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(774211)');
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(774211)');
    }
  } finally {
    await runner.release();
  }
}
