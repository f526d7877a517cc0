import 'reflect-metadata';
import { CreateTeamUseCase } from '@lgw/application';
import { openDatabase, TypeOrmTeamRepository } from '@lgw/persistence';
import { loadConfig } from '@lgw/platform';

const USAGE = `usage: npm run cli -- teams:create --name <team name>

Creates a team and its first API key against DATABASE_URL (or the embedded
database in DATA_DIR, which the server must not be holding open), and prints
the same JSON as POST /admin/v1/teams. The key is shown once.`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i !== -1) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'teams:create') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const name = flag(args, 'name');
  if (!name) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const useCase = new CreateTeamUseCase(new TypeOrmTeamRepository(database.dataSource), {
      apiKeyPrefix: config.apiKeyPrefix,
      rateLimitPerMinute: config.rateLimitPerMinute,
      quoteTtlSeconds: config.quoteTtlSeconds,
    });
    const result = await useCase.execute({ name });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`teams:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
