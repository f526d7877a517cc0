import type { Redis } from 'ioredis';
import { QuoteClaim, QuoteRepositoryPort, StoredQuote } from '@lgw/application';

/** An expired quote still answers E_QUOTE_EXPIRED (not "unknown") for this long. */
const EXPIRED_GRACE_MS = 60 * 60 * 1000;

/** The stored form: the StoredQuote with dates as ISO strings, plus the expiry in ms for Lua. */
interface QuoteDocument extends Omit<StoredQuote, 'createdAt' | 'expiresAt' | 'usedAt'> {
  createdAt: string;
  expiresAt: string;
  expiresAtMs: number;
  usedAt?: string;
}

/**
 * Checks and marks in one step, so two bookings racing for one quote cannot both win, on
 * any number of api replicas. Returns the updated document, or nil when the quote is not
 * this team's, expired, used, or priced for another lane or other parcels.
 */
const CLAIM_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return nil end
local q = cjson.decode(raw)
if q.teamId ~= ARGV[1] then return nil end
if q.usedAt ~= nil and q.usedAt ~= cjson.null then return nil end
if tonumber(q.expiresAtMs) <= tonumber(ARGV[2]) then return nil end
if q.parcelsFingerprint ~= ARGV[3] or q.originCountry ~= ARGV[4] or q.destinationCountry ~= ARGV[5] then return nil end
q.usedAt = ARGV[6]
local encoded = cjson.encode(q)
redis.call('SET', KEYS[1], encoded, 'KEEPTTL')
return encoded
`;

const RELEASE_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local q = cjson.decode(raw)
if q.teamId ~= ARGV[1] then return 0 end
q.usedAt = nil
redis.call('SET', KEYS[1], cjson.encode(q), 'KEEPTTL')
return 1
`;

interface QuoteCommands {
  lgwClaimQuote(key: string, ...args: string[]): Promise<string | null>;
  lgwReleaseQuote(key: string, teamId: string): Promise<number>;
}

/**
 * Production store of quotes (REDIS_URL set): a quote lives 15 minutes, which is what Redis
 * keys with a TTL are for. A rating request writes its quotes in one pipelined round trip
 * instead of a database insert, the hottest write of the service; booking claims a quote
 * atomically with a script, and the unique index on shipments.quote_id backs that up.
 * Embedded mode keeps quotes in the database (TypeOrmQuoteRepository).
 */
export class RedisQuoteRepository implements QuoteRepositoryPort {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix = 'lgw:quote:',
  ) {
    redis.defineCommand('lgwClaimQuote', { numberOfKeys: 1, lua: CLAIM_SCRIPT });
    redis.defineCommand('lgwReleaseQuote', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  }

  async saveMany(quotes: readonly StoredQuote[]): Promise<void> {
    const pipeline = this.redis.pipeline();
    const now = Date.now();
    for (const quote of quotes) {
      const ttl = Math.max(1, quote.expiresAt.getTime() - now) + EXPIRED_GRACE_MS;
      pipeline.set(this.key(quote.id), JSON.stringify(toDocument(quote)), 'PX', ttl);
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
  }

  async findForTeam(teamId: string, quoteId: string): Promise<StoredQuote | null> {
    const raw = await this.redis.get(this.key(quoteId));
    if (!raw) return null;
    const quote = fromDocument(JSON.parse(raw) as QuoteDocument);
    return quote.teamId === teamId ? quote : null;
  }

  async claim(claim: QuoteClaim): Promise<StoredQuote | null> {
    const raw = await (this.redis as unknown as QuoteCommands).lgwClaimQuote(
      this.key(claim.quoteId),
      claim.teamId,
      String(claim.now.getTime()),
      claim.parcelsFingerprint,
      claim.originCountry,
      claim.destinationCountry,
      claim.now.toISOString(),
    );
    return raw ? fromDocument(JSON.parse(raw) as QuoteDocument) : null;
  }

  async release(teamId: string, quoteId: string): Promise<void> {
    await (this.redis as unknown as QuoteCommands).lgwReleaseQuote(this.key(quoteId), teamId);
  }

  private key(quoteId: string): string {
    return this.keyPrefix + quoteId;
  }
}

/** Field by field: this runs for every quote of every rating request. */
function toDocument(q: StoredQuote): QuoteDocument {
  const doc: QuoteDocument = {
    id: q.id,
    teamId: q.teamId,
    carrierCode: q.carrierCode,
    serviceCode: q.serviceCode,
    lane: q.lane,
    originCountry: q.originCountry,
    destinationCountry: q.destinationCountry,
    parcelsFingerprint: q.parcelsFingerprint,
    chargeableKg: q.chargeableKg,
    baseHalalas: q.baseHalalas,
    weightChargeHalalas: q.weightChargeHalalas,
    fuelSurchargeHalalas: q.fuelSurchargeHalalas,
    vatHalalas: q.vatHalalas,
    totalHalalas: q.totalHalalas,
    createdAt: q.createdAt.toISOString(),
    expiresAt: q.expiresAt.toISOString(),
    expiresAtMs: q.expiresAt.getTime(),
  };
  if (q.usedAt) doc.usedAt = q.usedAt.toISOString();
  return doc;
}

function fromDocument(d: QuoteDocument): StoredQuote {
  const { expiresAtMs: _expiresAtMs, createdAt, expiresAt, usedAt, ...rest } = d;
  return {
    ...rest,
    createdAt: new Date(createdAt),
    expiresAt: new Date(expiresAt),
    usedAt: usedAt && typeof usedAt === 'string' ? new Date(usedAt) : null,
  };
}
