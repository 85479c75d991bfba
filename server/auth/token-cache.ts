import pg from "pg";
import { logger } from "../lib/logger";
import { Lru } from "../lib/lru";

/**
 * Resolved API tokens, remembered so that an API request costs one database round trip instead of
 * two. Staying right matters more than the saving:
 * - every change to `api_token`, `account` or `account_group` (any process: the command line,
 *   the browser UI, another HTTP process) fires `NOTIFY vm_auth` (migration
 *   20261122160000_vm_auth_notify); each process LISTENs on a connection of its own and forgets
 *   everything when it hears one;
 * - entries are kept only while that connection listens: when it drops, the cache is emptied and
 *   off until LISTEN is back (notifications sent meanwhile would be lost);
 * - a lookup that overlapped a change is not kept (the generation moved under it);
 * - entries also expire after TTL_MS, and the caller checks the token's own expiry on every use.
 * Only the SHA-256 of a token is a key; unknown, revoked and expired tokens are never kept.
 */

const AUTH_CHANNEL = "vm_auth";
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
const RETRY_MS = 1_000;

export class TokenCache<T> {
  private readonly entries = new Lru<T>(MAX_ENTRIES, TTL_MS);
  private gen = 0;
  private listening = false;

  /** Whether lookups are being remembered (a listener is connected). */
  get enabled(): boolean {
    return this.listening;
  }

  /** Taken before a lookup; `set` keeps the result only if nothing changed since. */
  generation(): number {
    return this.gen;
  }

  get(hash: string): T | undefined {
    return this.entries.get(hash);
  }

  set(hash: string, value: T, generation: number): void {
    if (!this.listening || generation !== this.gen) return;
    this.entries.set(hash, value);
  }

  /** Something changed: forget everything, and refuse results of lookups that started before. */
  invalidate(): void {
    this.gen += 1;
    this.entries.clear();
  }

  setListening(on: boolean): void {
    this.invalidate();
    this.listening = on;
  }
}

/**
 * Keeps `cache` listening on `url` until the returned stop function is called: connects, LISTENs,
 * and on any error or disconnection turns the cache off and tries again.
 */
export function listenForAuthChanges(url: string, cache: Pick<TokenCache<unknown>, "invalidate" | "setListening">): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    cache.setListening(false);
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RETRY_MS);
    timer.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: "vmon auth listener" });
    client = c;
    c.on("notification", () => cache.invalidate());
    c.on("error", (err) => {
      logger.warn("auth change listener lost its connection; tokens are looked up on every request until it is back", {
        error: err.message,
      });
      void c.end().catch(() => {});
      retry();
    });
    c.on("end", retry);
    try {
      await c.connect();
      await c.query(`LISTEN ${AUTH_CHANNEL}`);
      if (stopped) return void (await c.end());
      cache.setListening(true);
    } catch (err) {
      logger.warn("auth change listener could not connect; tokens are looked up on every request", { error: (err as Error).message });
      void c.end().catch(() => {});
      retry();
    }
  };

  void connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    cache.setListening(false);
    await client?.end().catch(() => {});
  };
}
