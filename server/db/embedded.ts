import { chmodSync, closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
 * A PGlite data directory can be open in one process only: its "host". The host records
 * `{pid, port, role, state}` in `<dir>.lock`. Who may use whose:
 * - One server owns a data directory. A starting server never joins another process's host: a
 *   host that stops takes its database with it, and the joined server would answer 500s for the
 *   rest of its life. It waits for a host that is going away (a server stopping, which marks its
 *   lock "stopping", or a `vmon` command hosting the database for its own run), then opens the
 *   directory itself; a live server still serving there makes it refuse to start
 *   (EmbeddedInUseError, with what to do).
 * - A `vmon` command joins whichever host serves (and is not stopping), or hosts the database
 *   itself for its run; a command that hosts keeps serving the commands that joined it until they
 *   have disconnected. `joinOnly` commands (`vmon worker`) never host.
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
  /** Tells processes that look at the lock that this host is going away (a server's stop begins). */
  markStopping(): void;
  stop(): Promise<void>;
}

/** "server" hosts stay up; a "cli" host lives for one command, so a starting server waits for it. */
type THostRole = "server" | "cli";

interface TLockInfo {
  pid: number;
  /** 0 while the holder is still opening the database */
  port: number;
  role: THostRole;
  state?: "serving" | "stopping";
}

/** Another server serves this data directory: this one must not start on it. */
export class EmbeddedInUseError extends Error {
  constructor(
    dir: string,
    readonly holder: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Venture Monitor server (process ${holder}). ` +
        "Stop that server first, give each server its own DATA_DIR, or run several servers on one PostgreSQL database " +
        "(set DATABASE_URL: docs/deployment.md).",
    );
    this.name = "EmbeddedInUseError";
  }
}

/** A joinOnly command found no host to join. */
class EmbeddedNotRunningError extends Error {
  constructor(dir: string) {
    super(`No Venture Monitor server is running on the embedded database in ${dir}: start it first (npm start).`);
    this.name = "EmbeddedNotRunningError";
  }
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

function readLock(lockPath: string): TLockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(lockPath, "utf8")) as TLockInfo;
    return Number.isInteger(info.pid) && Number.isInteger(info.port) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Rewrites the lock in one step (a reader never sees half of it). */
function writeLock(lockPath: string, info: TLockInfo): void {
  const tmp = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info));
  renameSync(tmp, lockPath);
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

/**
 * The lock's holder if another process that is alive holds it. An alive holder counts whatever its
 * port answers: a host that is stopping closes its port before it has closed the database files,
 * and opening them meanwhile would have two processes writing them.
 */
function liveHolder(lockPath: string): TLockInfo | undefined {
  const info = readLock(lockPath);
  return info && info.pid !== process.pid && processAlive(info.pid) ? info : undefined;
}

function lockPathOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/**
 * Takes the lock atomically; false when a live process holds it. The lock appears with its
 * content (a hard link to a file written first), so a reader never finds it empty.
 */
function takeLock(lockPath: string, role: THostRole): boolean {
  const tmp = `${lockPath}.${process.pid}.new`;
  writeFileSync(tmp, JSON.stringify({ pid: process.pid, port: 0, role } satisfies TLockInfo));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(tmp, lockPath);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        if (liveHolder(lockPath)) return false;
        rmSync(lockPath, { force: true }); // stale: its process is gone
      }
    }
    return false;
  } finally {
    rmSync(tmp, { force: true });
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

interface TSocket {
  port: number;
  /** Connections open now (this process's own included). */
  connections(): number;
  stop(): Promise<void>;
}

async function serve(db: PGlite, password: string): Promise<TSocket> {
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1", maxConnections: 64 });
  // A connection must give the password (pglite-auth.ts); then its extended-protocol exchanges
  // are kept together (pglite-queue.ts).
  (server as unknown as { queryQueue: TQueryQueue }).queryQueue = new PasswordGate(new SessionQueue(db), password);
  await server.start();
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return { port: address.port, connections: () => server.getStats().activeConnections, stop: () => server.stop() };
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
    markStopping: () => undefined,
    stop: async () => {
      await socket.stop();
      await db.close();
    },
  };
}

export interface THostOptions {
  role?: THostRole;
  /** How long to wait for a host that is going away (default: not at all). */
  waitMs?: number;
  /** Called once per holder waited for. */
  onWait?: (holder: { pid: number; role: THostRole; stopping: boolean }) => void;
  /** Only join a running server's host, never host the database (`vmon worker`). */
  joinOnly?: boolean;
  /** A host that hosts for a command: called while it waits for joined commands before stopping. */
  onLinger?: (connections: number) => void;
}

/**
 * How long a starting server looks again at a live server that holds the directory before
 * refusing: a restart that sends SIGTERM and starts the next server at once may find the old one
 * before it has marked its lock "stopping".
 */
const REFUSE_AFTER_MS = 3_000;
const POLL_MS = 250;

/**
 * Opens (or joins) the embedded database in `dataDir` under the rules above; `dataDir` undefined
 * means an in-memory database private to this process (tests).
 */
export async function startEmbeddedHost(dataDir: string | undefined, opts: THostOptions = {}): Promise<TEmbeddedHost> {
  const role = opts.role ?? "cli";
  if (dataDir === undefined) return startMemoryHost();

  const dir = path.resolve(dataDir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const lockPath = lockPathOf(dir);
  const started = Date.now();
  const deadline = started + (opts.waitMs ?? 0);
  let waitedFor: number | undefined;
  for (;;) {
    const holder = liveHolder(lockPath);
    const stopping = holder?.state === "stopping";
    // A command joins a host that serves: alive, listening, and not going away.
    if (holder && role === "cli" && holder.port !== 0 && !stopping && (await portOpen(holder.port))) {
      return { url: urlFor(holder.port, joinPassword(dir)), owned: false, markStopping: () => undefined, stop: async () => {} };
    }
    if (!holder && opts.joinOnly) throw new EmbeddedNotRunningError(dir);
    if (!holder && takeLock(lockPath, role)) break;
    if (holder && role === "server" && holder.role === "server" && !stopping) {
      if (Date.now() - started >= REFUSE_AFTER_MS) throw new EmbeddedInUseError(dir, holder.pid);
    } else if (holder && Date.now() >= deadline) {
      const what = holder.role === "server" ? "a server that is stopping" : "a vmon command";
      throw new Error(`The embedded database in ${dir} is still held by process ${holder.pid} (${what}); try again in a moment.`);
    }
    if (holder && holder.pid !== waitedFor && (stopping || holder.role === "cli")) {
      waitedFor = holder.pid;
      opts.onWait?.({ pid: holder.pid, role: holder.role, stopping });
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }

  try {
    mkdirSync(dir, { recursive: true });
    const password = hostPassword(dir);
    const db = await openPGlite(dir);
    const socket = await serve(db, password);
    const lock: TLockInfo = { pid: process.pid, port: socket.port, role, state: "serving" };
    writeLock(lockPath, lock);
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      // A command's host: the commands that joined it finish first (this process's own pool is
      // closed by now); others may still join meanwhile.
      if (role === "cli") {
        for (let open = socket.connections(); open > 0; open = socket.connections()) {
          opts.onLinger?.(open);
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      }
      await socket.stop();
      await db.close();
      rmSync(lockPath, { force: true });
    };
    const markStopping = () => {
      if (stopped || lock.state === "stopping") return;
      lock.state = "stopping";
      writeLock(lockPath, lock);
    };
    return { url: urlFor(socket.port, password), owned: true, markStopping, stop };
  } catch (err) {
    rmSync(lockPath, { force: true });
    throw err;
  }
}
