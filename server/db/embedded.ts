import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { newDatabasePassword, PasswordGate, type TQueryQueue } from "./pglite-auth";
import { SessionQueue } from "./pglite-queue";

/**
 * The embedded database (PGlite) as a small PostgreSQL server on a loopback port, so that the
 * service, the `vmon` command line and the tests all talk to it the same way as to a real server
 * (one code path: Prisma + adapter-pg).
 *
 * A PGlite data directory can be open in one process only. The process that opens it (the "host")
 * records `{pid, port}` in `<dir>.lock`; any other process finds the lock, checks that the host is
 * alive, and connects to its port instead of opening the files itself.
 *
 * The port takes only connections that give the database's password (pglite-auth.ts): a random
 * one, created with the database in `<dir>.password` (mode 0600, so only the service's user can
 * read it) and read from there by every process that joins. An in-memory database has a password
 * of its own in its URL.
 */

export interface TEmbeddedHost {
  url: string;
  /** true when this process opened the data directory; false when it joined another process's host */
  owned: boolean;
  stop(): Promise<void>;
}

/** "server" hosts stay up; a "cli" host lives for one command, so a starting server waits for it. */
export type THostRole = "server" | "cli";

interface TLockInfo {
  pid: number;
  port: number;
  role: THostRole;
}

function urlFor(port: number, password: string): string {
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`;
}

const passwordPathOf = (dir: string) => `${dir}.password`;

/** The database's password: read, or created (mode 0600) by the host that opens the database first. */
function hostPassword(dir: string): string {
  const file = passwordPathOf(dir);
  try {
    const fd = openSync(file, "wx", 0o600);
    const password = newDatabasePassword();
    writeFileSync(fd, password);
    closeSync(fd);
    return password;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    chmodSync(file, 0o600); // never readable by other users, whatever created it
    return joinPassword(dir);
  }
}

/** The password a joining process connects with (it must be able to read the host's file). */
function joinPassword(dir: string): string {
  const password = readFileSync(passwordPathOf(dir), "utf8").trim();
  if (!password) throw new Error(`The embedded database's password file ${passwordPathOf(dir)} is empty.`);
  return password;
}

/** The lock's content; `port` is 0 while its holder is still opening the database. */
function readLock(lockPath: string): TLockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(lockPath, "utf8")) as TLockInfo;
    return Number.isInteger(info.pid) && Number.isInteger(info.port) ? info : undefined;
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A host that another process runs, or undefined. */
async function findRunningHost(dataDir: string): Promise<TLockInfo | undefined> {
  const info = readLock(lockPathOf(dataDir));
  if (!info || info.port === 0 || info.pid === process.pid) return undefined;
  if (!processAlive(info.pid)) return undefined;
  return (await portOpen(info.port)) ? info : undefined;
}

function lockPathOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** Takes the lock atomically; false when a live process holds it. */
function takeLock(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, "wx");
    writeFileSync(fd, JSON.stringify({ pid: process.pid, port: 0, role: "cli" }));
    closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const info = readLock(lockPath);
    if (info && processAlive(info.pid) && info.pid !== process.pid) return false;
    rmSync(lockPath, { force: true }); // stale: its process is gone
    return takeLock(lockPath);
  }
}

/** Opens PGlite on `dataDir` (undefined: in memory), or in memory from a data-directory image. */
async function openPGlite(dataDir: string | undefined, image?: Blob): Promise<PGlite> {
  const [{ PGlite }, { vector }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite-pgvector"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  return PGlite.create({ dataDir, loadDataDir: image, extensions: { vector, pg_trgm } });
}

async function serve(db: PGlite, password: string): Promise<{ port: number; stop(): Promise<void> }> {
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1", maxConnections: 64 });
  // A connection must give the password (pglite-auth.ts); then its extended-protocol exchanges
  // are kept together (pglite-queue.ts).
  (server as unknown as { queryQueue: TQueryQueue }).queryQueue = new PasswordGate(new SessionQueue(db), password);
  await server.start();
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return { port: address.port, stop: () => server.stop() };
}

/** An in-memory embedded database, private to this process. */
export interface TMemoryHost extends TEmbeddedHost {
  /** The database's files as one uncompressed tar image, to start other in-memory hosts from. */
  image(): Promise<Blob>;
}

/**
 * Starts an in-memory database, empty or from an `image()` of another one. Starting from an image
 * skips initdb: about a second instead of three to five (the tests start one per file from a
 * migrated image).
 */
export async function startMemoryHost(opts: { image?: Blob } = {}): Promise<TMemoryHost> {
  const db = await openPGlite(undefined, opts.image);
  const password = newDatabasePassword();
  const socket = await serve(db, password);
  return {
    url: urlFor(socket.port, password),
    owned: true,
    image: () => db.dumpDataDir("none"),
    stop: async () => {
      await socket.stop();
      await db.close();
    },
  };
}

/**
 * Opens (or joins) the embedded database in `dataDir`; `dataDir` undefined means an in-memory
 * database private to this process (tests).
 */
export async function startEmbeddedHost(
  dataDir: string | undefined,
  opts: { role?: THostRole; waitMs?: number; onWait?: (holder: number) => void } = {},
): Promise<TEmbeddedHost> {
  const role = opts.role ?? "cli";
  if (dataDir === undefined) return startMemoryHost();

  const dir = path.resolve(dataDir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const lockPath = lockPathOf(dir);
  const deadline = Date.now() + (opts.waitMs ?? 0);
  for (;;) {
    const running = await findRunningHost(dir);
    // A server never joins a one-command host: it would lose its database when that command ends.
    if (running && (role === "cli" || running.role === "server")) {
      return { url: urlFor(running.port, joinPassword(dir)), owned: false, stop: async () => {} };
    }
    if (!running && takeLock(lockPath)) break;
    const holder = readLock(lockPath);
    if (Date.now() >= deadline) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${holder?.pid ?? "?"} (${holder?.role ?? "starting"}); try again in a moment.`,
      );
    }
    opts.onWait?.(holder?.pid ?? 0);
    await new Promise((r) => setTimeout(r, 250));
  }

  try {
    mkdirSync(dir, { recursive: true });
    const password = hostPassword(dir);
    const db = await openPGlite(dir);
    const socket = await serve(db, password);
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, port: socket.port, role } satisfies TLockInfo));
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await socket.stop();
      await db.close();
      rmSync(lockPath, { force: true });
    };
    return { url: urlFor(socket.port, password), owned: true, stop };
  } catch (err) {
    rmSync(lockPath, { force: true });
    throw err;
  }
}
