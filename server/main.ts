import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import cluster from "node:cluster";
import path from "node:path";
import { authUrl } from "./auth/auth-url";
import { tokenCache } from "./auth/caller";
import { listenForAuthChanges } from "./auth/token-cache";
import { forkHttpProcesses, httpProcessCount, onHttpProcessStopAccepting } from "./cluster";
import { closeDatabase, openDatabase } from "./db/client";
import { EmbeddedInUseError } from "./db/embedded";
import { watchDatabase } from "./db/watch";
import { restoreDeferredIndexes } from "./db/deferred-indexes";
import { migrate } from "./db/migrate";
import { closeReplicas } from "./db/replicas";
import { demoCredentialsNotice, saveDemoCredentials } from "./demo-credentials";
import { createDemoAccount, type TDemoCredentials } from "./domain/accounts/demo-account";
import { flushRequestDays } from "./domain/access/request-days";
import { seedDemoRadar } from "./domain/demo/radar";
import { seedDemo } from "./domain/demo/seed";
import { seedDemoWorkspace } from "./domain/demo/workspace";
import { seedDemoNotifications } from "./domain/demo/notifications";
import { env } from "./env";
import { serveHttp, type TServeOptions } from "./http";
import { logger } from "./lib/logger";
import { onStopSignal } from "./shutdown";
import { startWorkers } from "./workers";

/**
 * Runs the service: database, migrations, demo data, background workers and the web app, in one
 * process or with forked HTTP processes (server/cluster.ts), which only serve HTTP.
 */
export async function main({ dev, root, handleNext }: Omit<TServeOptions, "port">): Promise<void> {
  if (cluster.isWorker) return httpProcess({ dev, root, handleNext });
  const config = env();
  mkdirSync(config.DATA_DIR, { recursive: true });
  process.env.AUTH_SECRET ??= authSecret(config.DATA_DIR);
  // Forked HTTP processes inherit both (server/auth/auth-url.ts: next-auth's URLs from BASE_URL only).
  process.env.AUTH_URL = authUrl(config);

  const database = await openOwnDatabase(config.DATA_DIR);
  logger.info("database", { mode: database.mode });
  const stopWatch = watchOwnDatabase(database.mode);
  const { applied } = await migrate(database.directUrl, (name) => logger.info("applying migration", { name }));
  if (applied.length) logger.info("migrations applied", { count: applied.length });
  const rebuilt = await restoreDeferredIndexes(database.prisma);
  if (rebuilt.length) logger.info("indexes of an interrupted import built", { indexes: rebuilt });

  const demoCreated = await maybeSeedDemo(database.prisma, database.mode, config.DATA_DIR);

  const processes = httpProcessCount(config, database.mode, dev);
  const stopAuth = processes > 1 ? async () => {} : rememberTokens(database);
  const stopHttp =
    processes > 1 ? await forkHttpProcesses(processes) : (await serveHttp({ dev, root, port: config.PORT, handleNext })).drain;
  logger.info("Venture Monitor is running", { url: config.BASE_URL, docs: `${config.BASE_URL}/docs`, httpProcesses: processes });
  const demoNotice = demoCredentialsNotice(config.DATA_DIR, config.BASE_URL, demoCreated);
  if (demoNotice) process.stdout.write(demoNotice);
  // WORKERS=off: the background queues run in `vmon worker` processes (docs/deployment.md).
  const stopWorkers = config.WORKERS === "1" ? startWorkers(database.prisma) : async () => "finished" as const;
  if (config.WORKERS === "0") logger.info("background queues are left to `vmon worker` processes (WORKERS=off)");

  onStopSignal(async (graceMs) => {
    // A server starting on this DATA_DIR meanwhile waits for this one instead of refusing (embedded.ts).
    database.host?.markStopping();
    stopWatch();
    // HTTP and the background loops stop side by side, each within the grace period (unfinished
    // background work goes back to its queue); the pools close once both are done. Once the last
    // request is answered, the request counts still in memory are written (request-days.ts).
    const [, work] = await Promise.all([stopHttp(graceMs).then(stopAuth).then(flushRequestDays), stopWorkers(graceMs)]);
    // Work given back may still be running: the process ends now (its exit closes the connections)
    // rather than closing the pools under it.
    if (work === "released") return;
    await closeReplicas();
    await closeDatabase();
  });
}

/** A forked HTTP process: the primary has migrated and seeded; this one serves HTTP until told to stop. */
async function httpProcess({ dev, root, handleNext }: Omit<TServeOptions, "port">): Promise<void> {
  const database = await openDatabase({ role: "server" });
  const stopAuth = rememberTokens(database);
  const stopWatch = watchOwnDatabase(database.mode);
  const http = await serveHttp({ dev, root, port: env().PORT, handleNext });
  onHttpProcessStopAccepting(http.stopAccepting);
  onStopSignal(
    async (graceMs) => {
      stopWatch();
      await http.drain(graceMs);
      await stopAuth();
      // The request counts still in memory (request-days.ts), before the pools close.
      await flushRequestDays();
      await closeReplicas();
      await closeDatabase();
    },
    { signals: ["SIGTERM"] }, // the primary sequences a SIGINT (onHttpProcessStopAccepting)
  );
}

/** How long the embedded database may stay unreachable before the process gives up (watch.ts). */
const EMBEDDED_GONE_MS = 15_000;

/**
 * Opens the server's database. On the embedded database this server must own its DATA_DIR
 * (server/db/embedded.ts): it waits for a previous server that is stopping, or for a `vmon`
 * command, and refuses to start beside a server that serves there (one line, exit 1).
 */
async function openOwnDatabase(dataDir: string) {
  try {
    return await openDatabase({
      role: "server",
      waitMs: 120_000,
      onWait: ({ pid, role }) =>
        logger.info(
          role === "server"
            ? `waiting for the previous server (pid ${pid}) to release ${path.resolve(dataDir)}`
            : `waiting for vmon (pid ${pid}) to release ${path.resolve(dataDir)}`,
        ),
    });
  } catch (err) {
    if (!(err instanceof EmbeddedInUseError)) throw err;
    logger.error(err.message);
    process.exit(1);
  }
}

/**
 * Watches the database while the process serves (server/db/watch.ts): an outage is logged once
 * and answered with 503s; on PostgreSQL the pools reconnect when it is back. An embedded database
 * that stays unreachable is gone for good (its host died): the process exits 1 so that a
 * supervisor starts it afresh.
 */
function watchOwnDatabase(mode: "postgres" | "embedded"): () => void {
  if (mode !== "embedded") return watchDatabase();
  return watchDatabase({
    goneAfterMs: EMBEDDED_GONE_MS,
    onGone: (downForMs) => {
      logger.error("the embedded database is gone; exiting so that a supervisor can start the service again", { downForMs });
      process.exit(1);
    },
  });
}

/**
 * On PostgreSQL, an HTTP process remembers resolved API tokens while it listens for changes to
 * them (server/auth/token-cache.ts). The embedded database keeps a lookup per request.
 */
function rememberTokens(database: { mode: string; directUrl: string }): () => Promise<void> {
  return database.mode === "postgres" ? listenForAuthChanges(database.directUrl, tokenCache) : async () => {};
}

function authSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * DEMO_SEED (docs/configuration.md): auto seeds an empty embedded database; 1 also seeds an empty DATABASE_URL.
 * Returns the demo account's credentials when it created them (printed on this start only).
 */
async function maybeSeedDemo(
  db: Awaited<ReturnType<typeof openDatabase>>["prisma"],
  mode: string,
  dataDir: string,
): Promise<TDemoCredentials | undefined> {
  const setting = env().DEMO_SEED;
  if (setting === "0" || (setting === "auto" && mode !== "embedded")) return undefined;
  if ((await db.card.count({ take: 1 })) > 0) return undefined;
  logger.info("empty database: loading the demo dataset (about a minute)");
  const started = Date.now();
  const report = await seedDemo(db, { scale: 1 });
  logger.info("demo dataset loaded", { lines: report.lines, seconds: Math.round((Date.now() - started) / 1000) });
  const privateCollections = (await db.collection.findMany({ where: { visibility: "private" }, select: { slug: true } })).map(
    (c) => c.slug,
  );
  const credentials = await createDemoAccount(db, privateCollections);
  await seedDemoWorkspace(db, credentials.email);
  await seedDemoRadar(db, credentials.email);
  await seedDemoNotifications(db, credentials.email);
  saveDemoCredentials(dataDir, credentials);
  return credentials;
}
