import type { PGlite } from "@electric-sql/pglite";

/**
 * The message queue of the embedded database's socket server. PGlite is one session, shared by
 * every connection; pglite-socket's own queue keeps a connection's transaction together but
 * interleaves the messages of an extended-protocol exchange (Parse, Bind, Describe, Execute ...
 * Sync). Another connection's Parse in between replaces the unnamed statement and the first
 * connection's Bind then fails ("bind message supplies 3 parameters, but prepared statement ""
 * requires 1"). This queue gives the session to one connection from its first extended-protocol
 * message until its Sync, as well as for the whole of a transaction.
 *
 * It implements the interface pglite-socket's handlers call (enqueue, clearQueueForHandler,
 * clearTransactionIfNeeded, getQueueLength).
 */

interface TQueued {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
}

const SYNC = 0x53; // 'S'
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]); // P B D E C H

export class SessionQueue {
  private queue: TQueued[] = [];
  private processing = false;
  /** The connection that holds the session (mid-exchange or in a transaction), if any. */
  private owner: number | null = null;
  private midExchange = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private next(): TQueued | undefined {
    const held = this.owner !== null && (this.midExchange || this.db.isInTransaction());
    if (!held) return this.queue.shift();
    const i = this.queue.findIndex((q) => q.handlerId === this.owner);
    return i === -1 ? undefined : this.queue.splice(i, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const type = item.message[0] ?? 0;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (err) {
          item.reject(err);
        }
        this.owner = item.handlerId;
        if (EXTENDED.has(type)) this.midExchange = true;
        else if (type === SYNC || type === 0x51 /* 'Q' */) this.midExchange = false;
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((q) => {
      if (q.handlerId !== handlerId) return true;
      q.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection went away: roll back what it left open and free the session. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    // An exchange cut short (possibly after an error) leaves the backend skipping until Sync.
    if (this.midExchange) await this.db.runExclusive(() => this.db.execProtocolRawStream(SYNC_MESSAGE, { onRawData: () => {} }));
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    this.midExchange = false;
    await this.process();
  }
}
