'use strict';
/**
 * Which end-to-end and integration suites run a second time in services mode
 * (`npm run test:services`: PostgreSQL, Redis, BullMQ), and which run once, embedded.
 *
 * Every suite under test/e2e and test/integration is named in exactly one list with its reason
 * (test/integration/suite-modes.int-spec.ts fails on a suite left out, named twice or gone), so a
 * new suite is a decision, not a default. Suites under test/services run only in services mode.
 *
 * A suite reruns when what it proves can differ on the services: the job queue (BullMQ instead of
 * in-process jobs), shared rate limits in Redis, several connections and transactions against one
 * PostgreSQL, crashes and restarts, query plans, or a branch on SERVICES_MODE. It runs once when it
 * proves what the edge, a renderer or a file does whatever stores the rows.
 */
const servicesReruns = {
  'test/e2e/address-verification.e2e-spec.ts': 'verification cache and refusals persisted across replicas; branches on SERVICES_MODE',
  'test/e2e/api-keys-and-limits.e2e-spec.ts': 'per-key limits counted in Redis',
  'test/e2e/audit-crash.e2e-spec.ts': 'processes killed between a change and its audit row; PostgreSQL rolls the transaction back',
  'test/e2e/auth-and-errors.e2e-spec.ts': 'key look-up and errors with Redis; branches on SERVICES_MODE',
  'test/e2e/carrier-connections.e2e-spec.ts': 'encrypted credentials written and read across connections',
  'test/e2e/carrier-resilience.e2e-spec.ts': 'carrier intents and retries inside PostgreSQL transactions',
  'test/e2e/cod.e2e-spec.ts': 'COD reconciliation jobs on BullMQ',
  'test/e2e/console-rate-budget.e2e-spec.ts': "the console's rate budget in Redis",
  'test/e2e/crash-consistency.e2e-spec.ts': 'processes killed mid-booking; branches on SERVICES_MODE',
  'test/e2e/delivery-issues.e2e-spec.ts':
    'delivery issues under the row lock of PostgreSQL, the auto-return sweep and webhook fan-out on BullMQ',
  'test/e2e/dependency-loss.e2e-spec.ts': 'PostgreSQL and Redis lost and back',
  'test/e2e/destination.e2e-spec.ts': 'destination updates racing carrier calls in transactions',
  'test/e2e/documents.e2e-spec.ts': 'documents stored in PostgreSQL',
  'test/e2e/einvoicing.e2e-spec.ts': 'e-invoice chain and counters under concurrent issue; branches on SERVICES_MODE',
  'test/e2e/fulfilment-batches-crash.e2e-spec.ts': 'workers killed mid-batch with BullMQ stalls',
  'test/e2e/fulfilment-batches.e2e-spec.ts': 'batch pages as BullMQ jobs',
  'test/e2e/graceful-shutdown.e2e-spec.ts': 'draining connections and queues; branches on SERVICES_MODE',
  'test/e2e/invoices.e2e-spec.ts': 'billing jobs on BullMQ and ledger totals',
  'test/e2e/labels-without-browser.e2e-spec.ts': 'label jobs waiting in BullMQ for a browser',
  'test/e2e/labels.e2e-spec.ts': 'label rendering as BullMQ jobs',
  'test/e2e/manifests.e2e-spec.ts': 'manifest closing locks shipments in PostgreSQL',
  'test/e2e/metrics.e2e-spec.ts': 'queue and pool metrics of the services',
  'test/e2e/multi-piece.e2e-spec.ts': "pieces stored in PostgreSQL's jsonb and label jobs on BullMQ, on every carrier that takes pieces",
  'test/e2e/notifications.e2e-spec.ts':
    'notices planned and sent on BullMQ queues, each claimed once by its unique row in PostgreSQL under concurrent jobs',
  'test/e2e/passthrough.e2e-spec.ts': 'passthrough limits counted in Redis',
  'test/e2e/pickups-crash.e2e-spec.ts': 'processes killed mid-pickup',
  'test/e2e/pickups.e2e-spec.ts': 'pickup jobs on BullMQ',
  'test/e2e/rates.e2e-spec.ts': 'quote limits in Redis',
  'test/e2e/shipping-rules.e2e-spec.ts': 'carrier performance counted by outbox jobs on BullMQ, once per shipment; batches as BullMQ jobs',
  'test/e2e/scoped-keys-and-audit.e2e-spec.ts':
    'audit chains serialised per team by PostgreSQL locks across connections; key scopes and rate limits in Redis',
  'test/e2e/real-carriers.e2e-spec.ts': "real carriers' connections, sealed credentials and their labels stored in PostgreSQL",
  'test/e2e/return-to-origin.e2e-spec.ts': 'tracking jobs on BullMQ',
  'test/e2e/returns.e2e-spec.ts': 'return bookings and their jobs on BullMQ',
  'test/e2e/sandbox-memory.e2e-spec.ts': 'restarts against a kept database; branches on SERVICES_MODE',
  'test/e2e/shipment-search.e2e-spec.ts': 'search indexes of PostgreSQL',
  'test/e2e/shipments.e2e-spec.ts': 'bookings, idempotency leases in Redis',
  'test/e2e/signed-quotes.e2e-spec.ts': 'quote claims across replicas in Redis; branches on SERVICES_MODE',
  'test/e2e/slow-connections.e2e-spec.ts': 'slow clients holding pool connections',
  'test/e2e/test-mode.e2e-spec.ts': 'test-mode tenancy and its jobs on BullMQ',
  'test/e2e/tracking-page.e2e-spec.ts':
    "the page read from PostgreSQL by token, its rate limits in Redis and the recipient's actions under the row lock",
  'test/e2e/tracking.e2e-spec.ts': 'tracking polls as BullMQ jobs',
  'test/e2e/webhooks-crash.e2e-spec.ts': 'webhook deliveries killed mid-flight on BullMQ',
  'test/e2e/webhooks.e2e-spec.ts': 'webhook fan-out jobs on BullMQ',
  'test/integration/billing-ledger.int-spec.ts': 'ledger writes in PostgreSQL transactions',
  'test/integration/carrier-connections-cli.int-spec.ts': 'the CLI against a PostgreSQL database',
  'test/integration/carrier-performance-sums.int-spec.ts':
    "monthly and daily sums added up by PostgreSQL's upserts and read back by one query",
  'test/integration/cod-remittance-repository.int-spec.ts':
    'payouts matched per carrier account by SQL; the migration down and up on PostgreSQL',
  'test/integration/einvoicing-cli.int-spec.ts': 'the CLI against a PostgreSQL database',
  'test/integration/label-store.int-spec.ts': "a print's labels stored in one PostgreSQL transaction",
  'test/integration/outbox-relay.int-spec.ts': 'the outbox relay into BullMQ; branches on SERVICES_MODE',
  'test/integration/retention.int-spec.ts': 'deletes in batches on PostgreSQL',
  'test/integration/shipment-list-plan.int-spec.ts': "PostgreSQL's query plans",
  'test/integration/shipment-search-plan.int-spec.ts': "PostgreSQL's query plans",
  'test/integration/tracking-repository.int-spec.ts': 'concurrent tracking writes; branches on SERVICES_MODE',
  'test/integration/transactions.int-spec.ts': 'isolation between connections; branches on SERVICES_MODE',
};

const embeddedOnly = {
  'test/integration/architecture.int-spec.ts': 'reads the source files; no store involved',
  'test/e2e/carrier-analytics-fixture.e2e-spec.ts':
    'the arithmetic of the figures over a 1,000-delivery fixture; counting by outbox jobs on BullMQ, once per shipment, is proven on the services by shipping-rules',
  'test/e2e/carriers.e2e-spec.ts': 'the carrier list comes from the registry',
  'test/e2e/catalogue.e2e-spec.ts': 'readiness scoring; single-statement reads and writes',
  'test/e2e/console.e2e-spec.ts': "the console's pages in Chromium (its Redis budget: console-rate-budget)",
  'test/e2e/console-rules.e2e-spec.ts':
    'the rules and performance pages in Chromium; what they show is proven on the services by shipping-rules',
  'test/e2e/hostile-input-fuzz.e2e-spec.ts': 'refusals at the edge, before any write or job',
  'test/e2e/labels-merge.e2e-spec.ts': 'merging rendered PDFs',
  'test/e2e/labels-printing.e2e-spec.ts': 'label formats rendered (A6, 4x6, ZPL); the label jobs: labels.e2e',
  'test/e2e/notifications-crash.e2e-spec.ts':
    'the all-in-one process killed mid-send; in services mode the worker sends, and the harness kills only the api',
  'test/e2e/proof-of-delivery.e2e-spec.ts':
    "each carrier's delivery proof mapped from its simulator's native answer; stored as one JSON column the tracking writer already saves (its transactions: tracking, delivery-issues)",
  'test/e2e/openapi-client.e2e-spec.ts': 'the generated client compiles and walks a flow: shapes only',
  'test/e2e/openapi-responses.e2e-spec.ts': 'response shapes against the OpenAPI document',
  'test/e2e/request-bodies.e2e-spec.ts': 'body parsing at the edge',
  'test/e2e/robustness.e2e-spec.ts': 'malformed input answered at the edge',
  'test/e2e/test-mode-magic-values.e2e-spec.ts': 'magic values decided by the simulators (tenancy on PostgreSQL: test-mode.e2e)',
  'test/integration/carrier-kit.int-spec.ts': "the kit's generator; the suites it runs have their own services runs",
  'test/integration/carrier-generator.int-spec.ts': 'files the generator writes; no store involved',
  'test/integration/docs-consistency.int-spec.ts': "compares the docs with the code's lists",
  'test/integration/deployment-files.int-spec.ts': 'parses the Docker, Compose and Kubernetes files',
  'test/integration/suite-modes.int-spec.ts': 'reads this declaration',
};

/**
 * Suites that assert latencies, event-loop lag or memory against bounds: `npm test` and
 * `npm run test:services` (scripts/ci/run-suites.js) run them after the others, one at a time, so
 * that their figures are the gateway's and not the neighbours' (in either mode, where selected).
 */
const timed = {
  'test/e2e/carrier-resilience.e2e-spec.ts': "other carriers' latency while one is down or slow",
  'test/integration/carrier-kit.int-spec.ts':
    'runs the timed carrier suites (resilience, tracking) inside it over every registered carrier; beside two workers their deadlines were missed',
  'test/e2e/tracking.e2e-spec.ts': "bookings within the carriers' deadlines (bahr answered 503 beside two workers)",
  'test/e2e/webhooks.e2e-spec.ts': "a hanging endpoint's deliveries held within the team's slots while their leases run",
  'test/e2e/crash-consistency.e2e-spec.ts': 'requests caught in flight by kill -9 at set points; carrier deadlines',
  'test/e2e/dependency-loss.e2e-spec.ts': 'answer time while PostgreSQL or Redis is away',
  'test/e2e/graceful-shutdown.e2e-spec.ts': 'drain time within the shutdown bound',
  'test/e2e/slow-connections.e2e-spec.ts': "closing times against the server's timers",
  'test/services/rate-limit-fallback.int-spec.ts': 'limit checks under 50 ms while Redis is away',
  // The carrier contract suites call each simulator with a 400 ms deadline and assert timeouts
  // within a margin: beside three workers, bookings of sahm and darb missed it.
  'test/contract/carriers.contract-spec.ts': "every registered carrier's contract against its simulator, within a 400 ms deadline",
  'test/contract/aramex.contract-spec.ts': "Aramex's specifics against its simulator, within a 400 ms deadline",
  'test/contract/aymakan.contract-spec.ts': "Aymakan's specifics against its simulator, within a 400 ms deadline",
  'test/contract/bahr.contract-spec.ts': "bahr's specifics against its simulator, within a 400 ms deadline",
  'test/contract/darb.contract-spec.ts': "darb's order files against its simulator, within a 400 ms deadline",
  'test/contract/sahm.contract-spec.ts': "sahm's specifics against its simulator, within a 400 ms deadline",
  'test/contract/smsa.contract-spec.ts': "SMSA's specifics against its simulator, within a 400 ms deadline",
  'test/services/soak.e2e-spec.ts': 'RSS, handles and event-loop lag over two minutes',
};

module.exports = { servicesReruns, embeddedOnly, timed };
