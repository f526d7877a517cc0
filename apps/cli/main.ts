import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ApiKeyPrincipals, CreateTeamUseCase, SetAddressVerificationUseCase, SqlTeamRepository } from '@lgw/access';
import {
  CreateCarrierConnectionUseCase,
  ListCarrierConnectionsUseCase,
  CarrierConnectionResolver,
  SqlCarrierConnectionRepository,
} from '@lgw/carrier-access';
import { OnboardEgsUseCase, SqlEinvoiceStore, FatooraHttpClient, ZatcaEinvoiceCrypto } from '@lgw/billing';
import { carrierCredentialSchemas, createCarrierRegistry, registryCatalogue } from '@lgw/carriers';
import { openDatabase } from '@lgw/database';
import { apiResourceLinks } from '@lgw/http-api';
import { SignedQuoteRepository } from '@lgw/rating';
import { loadConfig, AesGcmSecretCipher } from '@lgw/platform';

const USAGE = `usage: npm run cli -- teams:create --name <team name>
       npm run cli -- einvoicing:onboard --otp <6 digits>
       npm run cli -- teams:address-verification --team <team id> --mode <warn|enforce>
       npm run cli -- carrier-connections:set --carrier <code> --credentials '<json>' [--account-number <n>]
       npm run cli -- carrier-connections:list

teams:create creates a team and its first API key against DATABASE_URL (or the
embedded database in DATA_DIR, which the server must not be holding open), and
prints the same JSON as POST /admin/v1/teams. The key is shown once.

einvoicing:onboard registers a new EGS unit with ZATCA (ZATCA_BASE_URL, else the
carrier sandbox's simulator at SANDBOX_URL): key pair and CSR, compliance CSID for
the OTP, compliance checks, production CSID. The key and secrets are stored
encrypted with WEBHOOK_SECRET_KEY and never printed.

teams:address-verification sets a team's National Address rule at booking, as
PATCH /admin/v1/teams/{team_id} does: warn (book with a warning) or enforce
(refuse with 422 E_ADDRESS_NOT_FOUND). Running api replicas honour it within a second.

carrier-connections:set saves the platform's connection to a carrier, as POST
/admin/v1/carrier-connections does: the credentials (JSON named as the carrier's schema
names them, e.g. {"api_token":"..."}) are tried against the carrier at <CODE>_BASE_URL
first, then stored encrypted with WEBHOOK_SECRET_KEY; it replaces the carrier's previous
platform connection. Running processes use it from their next start (api replicas
within seconds once they rate). carrier-connections:list prints the platform's
connections with their credential hints; credentials are never printed.`;

const FATOORA_PORTAL = 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal';

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i !== -1) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'einvoicing:onboard') return onboard(args);
  if (command === 'teams:address-verification') return addressVerification(args);
  if (command === 'carrier-connections:set' || command === 'carrier-connections:list') return carrierConnections(command, args);
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
    const useCase = new CreateTeamUseCase(new SqlTeamRepository(database.dataSource), {
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

async function addressVerification(args: string[]): Promise<number> {
  const teamId = flag(args, 'team');
  const mode = flag(args, 'mode');
  if (!teamId || !mode) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const teams = new SqlTeamRepository(database.dataSource);
    const settings = {
      apiKeyPrefix: config.apiKeyPrefix,
      rateLimitPerMinute: config.rateLimitPerMinute,
      quoteTtlSeconds: config.quoteTtlSeconds,
    };
    const useCase = new SetAddressVerificationUseCase(teams, new ApiKeyPrincipals(teams, settings));
    const result = await useCase.execute({ teamId, mode });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

async function carrierConnections(command: string, args: string[]): Promise<number> {
  const carrier = flag(args, 'carrier');
  const credentialsText = flag(args, 'credentials');
  if (command === 'carrier-connections:set' && (!carrier || !credentialsText)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  Logger.overrideLogger(false);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const registry = createCarrierRegistry({ env: config.env });
  try {
    const connections = new SqlCarrierConnectionRepository(database.dataSource);
    const cipher = new AesGcmSecretCipher(config.webhookSecretKey);
    const clock = { now: () => new Date() };
    if (command === 'carrier-connections:list') {
      const list = await new ListCarrierConnectionsUseCase(connections).platform();
      process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      return 0;
    }
    let credentials: unknown;
    try {
      credentials = JSON.parse(credentialsText!);
    } catch {
      process.stderr.write('--credentials must be a JSON object, e.g. {"api_token":"..."}\n');
      return 2;
    }
    const useCase = new CreateCarrierConnectionUseCase(
      connections,
      carrierCredentialSchemas(config.env),
      registryCatalogue,
      registry,
      cipher,
      clock,
      new CarrierConnectionResolver(
        connections,
        registry,
        cipher,
        clock,
        new SignedQuoteRepository(database.dataSource, config.quoteSigningKey),
      ),
      apiResourceLinks,
    );
    const result = await useCase.execute({ owner: 'platform', carrier, credentials, accountNumber: flag(args, 'account-number') });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await registry.close();
    await database.close();
  }
}

async function onboard(args: string[]): Promise<number> {
  const otp = flag(args, 'otp');
  if (!otp) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // stdout is the result's JSON alone; use cases log through Nest's logger.
  Logger.overrideLogger(false);
  const config = loadConfig();
  const baseUrl =
    config.zatcaBaseUrl ?? (config.sandboxUrl ? `${config.sandboxUrl}/sandbox/zatca/e-invoicing/developer-portal` : FATOORA_PORTAL);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const useCase = new OnboardEgsUseCase(
      new SqlEinvoiceStore(database.dataSource),
      new ZatcaEinvoiceCrypto(),
      config.seller,
      new FatooraHttpClient({ baseUrl }),
      new AesGcmSecretCipher(config.webhookSecretKey),
      { now: () => new Date() },
    );
    const result = await useCase.execute({ otp });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `${process.argv[2] ?? 'cli'} failed: ${error instanceof Error ? error.message : String(error)}${error && typeof error === 'object' && 'details' in error ? ` ${JSON.stringify(error.details)}` : ''}\n`,
    );
    process.exit(1);
  },
);
