import { AppError } from "../lib/errors";

/**
 * Whether the database can be reached, told apart from every other database error.
 *
 * A statement that fails because the database is gone (stopped, restarting, its embedded host's
 * process ended, the connection cut) is not a bug of the request that ran it: the API answers
 * `503 service_unavailable` with a `Retry-After` instead of a 500, the background loops wait
 * instead of logging a failure per tick, and a command ends with one line instead of a stack.
 */

/** Seconds a client is told to wait before trying again (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

/** Driver adapter error kinds (Prisma's adapter-pg) that mean "no usable connection". */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** Prisma's codes for the same: can't reach, timed out, connection closed, no connection from the pool. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);

/** Socket errors of the driver (node:net). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), the server shutting down or starting
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now) and too many connections.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** The driver's own words for a connection that died or never came (it gives them no code). */
const MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|Cannot use a pool after calling end|Connection terminated due to connection timeout/i;

/** An error's nested causes, at most a few levels down (an error chain is short; a loop, not recursion). */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current !== null && typeof current === "object"; depth++) {
    const e = current as Record<string, unknown>;
    yield e;
    const adapter = (e.meta as { driverAdapterError?: { cause?: unknown } } | undefined)?.driverAdapterError?.cause;
    if (adapter && typeof adapter === "object") yield adapter as Record<string, unknown>;
    current = e.cause;
  }
}

/** True when `err` says that the database could not be reached or the connection was lost. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
    const code = typeof e.code === "string" ? e.code : typeof e.originalCode === "string" ? e.originalCode : undefined;
    if (code && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The API's answer while the database cannot be reached. */
export function databaseUnavailableError(): AppError {
  return new AppError("service_unavailable", "The database is not reachable right now; try again in a few seconds.", {
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}
