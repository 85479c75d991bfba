import { PrismaPg } from "@prisma/adapter-pg";
import pg, { type ClientConfig } from "pg";
import { parseIntoClientConfig } from "pg-connection-string";
import { env } from "../env";
import { logger } from "../lib/logger";
import { isDatabaseUnavailable } from "./availability";
import { PrismaClient } from "./generated/prisma/client";
import { startEmbeddedHost, type TEmbeddedHost, type THostOptions } from "./embedded";
import { createStatementNamer } from "./statement-names";

export type TDb = InstanceType<typeof PrismaClient>;

/**
 * The process-wide database handle. PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite under DATA_DIR (see embedded.ts). Kept on globalThis so that Next's bundled route
 * handlers and the process that started them share one pool.
 */
interface TDbState {
  url: string;
  /**
   * The primary without a transaction-mode pooler in between (DATABASE_DIRECT_URL, else `url`):
   * for migrations and LISTEN, which need a session of their own.
   */
  directUrl: string;
  mode: "postgres" | "embedded";
  prisma: TDb;
  host?: TEmbeddedHost;
}

const g = globalThis as unknown as { __vmonDb?: Promise<TDbState> };

/**
 * Settings of every connection the service opens, sent with the connection's startup:
 * - `jit=off`, because the service runs short queries whose estimated cost can still be high (an
 *   exact vector ranking, a count), and PostgreSQL would then spend far longer compiling a query
 *   than running it (the embedded database has no JIT);
 * - `plan_cache_mode=force_custom_plan`: a named statement is planned for each run's own values,
 *   as an unnamed one is (statement-names.ts). PostgreSQL applies it to its own cached statements
 *   too (foreign-key checks, trigger functions): the import's batch transactions set
 *   `plan_cache_mode = auto` for themselves (write-context.ts); other writers, whose statements
 *   write few rows, still plan those checks for each row.
 *   The connections that keep one generic plan per named statement (readRows with `plan:
 *   "generic"`, for statements whose best plan is the same whatever their values) have
 *   `force_generic_plan` instead: PostgreSQL plans such a statement once per connection.
 * Options already in the URL come after these, so they win. The embedded database ignores them.
 */
function connectionOptions(genericPlans: boolean): string {
  return `-c jit=off -c plan_cache_mode=${genericPlans ? "force_generic_plan" : "force_custom_plan"}`;
}

/** The driver's configuration for a URL (read by the driver's own parser), with the service's connection options. */
export function connectionConfig(url: string, { genericPlans = false } = {}): ClientConfig {
  const config = parseIntoClientConfig(url);
  return { ...config, options: [connectionOptions(genericPlans), config.options].filter(Boolean).join(" ") };
}

/**
 * An idle connection that the server ends (a restart, pg_terminate_backend, idle_session_timeout)
 * is an error event on its pool, which drops it and opens another when one is needed. Unhandled,
 * the event would end the process.
 */
function onIdleConnectionError(error: Error): void {
  // The whole database gone (a restart) closes every idle connection: the watch says so once (watch.ts).
  if (isDatabaseUnavailable(error)) logger.debug("an idle database connection was closed", { error: error.message });
  else logger.warn("an idle database connection was closed", { error: error.message });
}

/**
 * How a pool connects: a database host that does not answer at all (a dead machine, a dropped
 * route) fails the connection after CONNECT_TIMEOUT_MS, an answer the API turns into a 503
 * (availability.ts), instead of holding the request forever; TCP keep-alive finds connections
 * whose peer vanished. The bound is generous: the embedded database's host lets a new connection
 * in only between other connections' transactions.
 */
const CONNECT_TIMEOUT_MS = 30_000;
const CONNECT = { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true } as const;

/**
 * The pool under a client: its own connections, and (with named statements) a smaller pool of
 * connections that keep generic plans, opened when first used and ended with it.
 */
class ServicePool extends pg.Pool {
  readonly genericPlans?: pg.Pool;

  constructor(url: string, max: number, genericPlans: boolean) {
    super({ ...connectionConfig(url), ...CONNECT, max });
    if (genericPlans) {
      this.genericPlans = new pg.Pool({ ...connectionConfig(url, { genericPlans }), ...CONNECT, max: Math.max(2, Math.ceil(max / 4)) });
    }
    for (const pool of [this, this.genericPlans]) pool?.on("error", onIdleConnectionError);
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    const ended = Promise.all([super.end(), this.genericPlans?.end()]).then(() => undefined);
    if (!callback) return ended;
    void ended.then(callback, callback);
  }
}

/**
 * A Prisma client on `url` with a pool of `max` connections. `namedStatements` (PostgreSQL only:
 * the embedded database ignores the connection options) prepares recurring statements once per
 * connection (statement-names.ts), and adds the pool of generic-plan connections (a quarter of
 * `max`, at least 2) that readRows uses for `plan: "generic"`.
 */
export function createPrisma(url: string, max = 10, { namedStatements = false } = {}): TDb {
  const namer = namedStatements ? createStatementNamer() : undefined;
  // The adapter types the generator as returning a string; it passes an undefined name through to
  // the driver, which then sends the statement unnamed.
  const statementNameGenerator = namer as ((query: { sql: string }) => string) | undefined;
  const pool = new ServicePool(url, max, namedStatements);
  // One driver at run time; the adapter's own copy of the driver's types is a newer version.
  const adapterPool = pool as unknown as ConstructorParameters<typeof PrismaPg>[0];
  const prisma = new PrismaClient({ adapter: new PrismaPg(adapterPool, { statementNameGenerator }) });
  // The pool is this client's, and $disconnect ends it (once), whether or not Prisma connected
  // through it: readRows uses it without Prisma. The adapter would end it only after connecting.
  const disconnect = prisma.$disconnect.bind(prisma);
  prisma.$disconnect = async () => {
    await disconnect();
    if (!pool.ending) await pool.end();
  };
  direct.set(prisma, { pool, namer });
  return prisma;
}

/** The pool under each client createPrisma made, with its statement namer (read.ts). */
const direct = new WeakMap<object, { pool: ServicePool; namer?: (query: { sql: string }) => string | undefined }>();

/**
 * The driver pool of a client made by createPrisma (undefined for any other handle, such as the
 * client of an interactive transaction, which must keep its own connection).
 */
export function driverOf(db: TDb) {
  return direct.get(db);
}

/**
 * False for the embedded database reached through a URL (its host serves every connection from
 * one PGlite session, where one connection's prepared statement would collide with another's).
 */
async function sessionPerConnection(url: string): Promise<boolean> {
  const client = new pg.Client(connectionConfig(url));
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>("SELECT version() AS version");
    return !rows[0]!.version.includes("PGlite");
  } finally {
    await client.end();
  }
}

/** Opens the database for this process (idempotent). The options matter only in embedded mode (embedded.ts). */
export function openDatabase(opts: THostOptions = {}) {
  g.__vmonDb ??= (async (): Promise<TDbState> => {
    const { DATABASE_URL, DATABASE_DIRECT_URL, DATA_DIR, PREPARED_STATEMENTS } = env();
    const named = async (url: string) => !!DATABASE_URL && PREPARED_STATEMENTS === "1" && (await sessionPerConnection(url));
    // Set by the process that hosts the embedded database (and by tests for their own database).
    const shared = process.env.VMON_DATABASE_URL;
    if (shared) {
      const prisma = createPrisma(shared, 10, { namedStatements: await named(shared) });
      return { url: shared, directUrl: shared, mode: DATABASE_URL ? "postgres" : "embedded", prisma };
    }
    if (DATABASE_URL) {
      const prisma = createPrisma(DATABASE_URL, 16, { namedStatements: await named(DATABASE_URL) });
      return { url: DATABASE_URL, directUrl: DATABASE_DIRECT_URL ?? DATABASE_URL, mode: "postgres", prisma };
    }
    const host = await startEmbeddedHost(`${DATA_DIR}/pglite`, opts);
    process.env.VMON_DATABASE_URL = host.url;
    return { url: host.url, directUrl: host.url, mode: "embedded", prisma: createPrisma(host.url), host };
  })().catch((err) => {
    g.__vmonDb = undefined;
    throw err;
  });
  return g.__vmonDb;
}

export async function db(): Promise<TDb> {
  return (await openDatabase()).prisma;
}

export async function closeDatabase(): Promise<void> {
  const state = await g.__vmonDb?.catch(() => undefined);
  g.__vmonDb = undefined;
  if (!state) return;
  await state.prisma.$disconnect();
  await state.host?.stop();
}
