import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Password authentication for the embedded database's socket server. pglite-socket hands every
 * message of every connection, the startup message included, to its query queue, and PGlite
 * answers a startup with AuthenticationOk whatever the password: any local process could open
 * the database with full rights. This gate stands in front of the queue (it implements the same
 * interface) and runs PostgreSQL's MD5 password exchange for each connection:
 *
 * - the startup message is held back, and the client asked for its password with a random salt
 *   (AuthenticationMD5Password), so the password never crosses the socket and a recorded answer
 *   is useless on another connection;
 * - a right answer lets the startup through to PGlite (which then answers AuthenticationOk and
 *   the rest of the start), and every later message of the connection;
 * - a wrong answer, or any other message before it, is answered with a FATAL ErrorResponse
 *   (28P01, as PostgreSQL does) and the connection is closed (the rejected promise makes
 *   pglite-socket's handler close it).
 */

export interface TQueryQueue {
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>;
  clearQueueForHandler(handlerId: number): void;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
  getQueueLength(): number;
}

const PROTOCOL_3 = 196608;
const PASSWORD_MESSAGE = 0x70; // 'p'

interface TPending {
  startup: Uint8Array;
  user: string;
  salt: Buffer;
}

/** A random password for a new database (base64url: safe in a connection URL as it is). */
export function newDatabasePassword(): string {
  return randomBytes(32).toString("base64url");
}

const md5 = (data: Buffer | string) => createHash("md5").update(data).digest("hex");

/** What a client answers to the challenge (PostgreSQL's md5 method). */
function md5Answer(password: string, user: string, salt: Buffer): string {
  return `md5${md5(Buffer.concat([Buffer.from(md5(password + user)), salt]))}`;
}

function isStartup(message: Uint8Array): boolean {
  return message.length >= 8 && Buffer.from(message.buffer, message.byteOffset, message.length).readInt32BE(4) === PROTOCOL_3;
}

/** The `user` parameter of a startup message (key\0value\0 pairs after the 8-byte header). */
function startupUser(message: Uint8Array): string {
  const parts = Buffer.from(message.buffer, message.byteOffset, message.length).subarray(8).toString("utf8").split("\0");
  for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === "user") return parts[i + 1]!;
  return "";
}

/** The string of a PasswordMessage ('p', length, string\0). */
function passwordOf(message: Uint8Array): string | undefined {
  if (message[0] !== PASSWORD_MESSAGE || message.length < 6) return undefined;
  return Buffer.from(message.buffer, message.byteOffset, message.length)
    .subarray(5, message.length - 1)
    .toString("utf8");
}

function md5Request(salt: Buffer): Uint8Array {
  const m = Buffer.alloc(13);
  m.write("R", 0);
  m.writeInt32BE(12, 1);
  m.writeInt32BE(5, 5);
  salt.copy(m, 9);
  return m;
}

function fatal(code: string, text: string): Uint8Array {
  const fields = Buffer.concat([
    ...[
      ["S", "FATAL"],
      ["V", "FATAL"],
      ["C", code],
      ["M", text],
    ].map(([k, v]) => Buffer.from(`${k}${v}\0`, "utf8")),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}

export class PasswordGate implements TQueryQueue {
  private readonly authenticated = new Set<number>();
  private readonly pending = new Map<number, TPending>();

  constructor(
    private readonly inner: TQueryQueue,
    private readonly password: string,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (this.authenticated.has(handlerId)) return this.inner.enqueue(handlerId, message, onData);
    const waiting = this.pending.get(handlerId);
    if (!waiting && isStartup(message)) {
      const salt = randomBytes(4);
      this.pending.set(handlerId, { startup: message.slice(), user: startupUser(message), salt });
      const request = md5Request(salt);
      onData(request);
      return Promise.resolve(request.length);
    }
    const answer = waiting ? passwordOf(message) : undefined;
    if (waiting && answer !== undefined && this.matches(answer, waiting)) {
      this.pending.delete(handlerId);
      this.authenticated.add(handlerId);
      return this.inner.enqueue(handlerId, waiting.startup, onData);
    }
    this.pending.delete(handlerId);
    const reason = waiting
      ? fatal("28P01", `password authentication failed for user "${waiting.user}"`)
      : fatal("28000", "the embedded database requires a password: start with a startup message");
    onData(reason);
    return Promise.reject(new Error("embedded database: connection refused (authentication)"));
  }

  private matches(answer: string, waiting: TPending): boolean {
    const wanted = Buffer.from(md5Answer(this.password, waiting.user, waiting.salt));
    const given = Buffer.from(answer, "utf8");
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }

  clearQueueForHandler(handlerId: number): void {
    this.pending.delete(handlerId);
    this.authenticated.delete(handlerId);
    this.inner.clearQueueForHandler(handlerId);
  }

  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return this.inner.clearTransactionIfNeeded(handlerId);
  }

  getQueueLength(): number {
    return this.inner.getQueueLength();
  }
}
