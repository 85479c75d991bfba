import { Lru } from "~/server/lib/lru";
import type { TSortKey } from "./sort";

/**
 * Offset-to-key translation for sequential reads (docs/api.md synchronisation recipe; see
 * docs/architecture.md). The spec pages profiles with limit/offset, and a deep OFFSET costs time in
 * proportion to its depth. When a page is served, the sort key of its last row is remembered under
 * (account, query, offset of the next row); a request for exactly that offset continues after the
 * key (a keyset read, as cheap as the first page) instead of counting rows again.
 *
 * Semantics: a continued read returns the rows that follow the previous page's last row in the
 * current data. While profiles change during a full read, this never skips or repeats a profile
 * that stays a member (plain OFFSET would: one row leaving an earlier page shifts every later row
 * back). Without a remembered key (another offset, another process, an expired entry) the request
 * is a plain OFFSET read with the same result as ever.
 *
 * Entries live in this process's memory, per account, for 15 minutes, at most 20,000 (the least
 * recently used dropped first).
 */

const entries = new Lru<TSortKey>(20_000, 15 * 60_000);

const id = (accountId: number, signature: string, offset: number) => `${accountId}\u0001${offset}\u0001${signature}`;

/** The key of the row just before `offset`, when this account's previous page of the query ended there. */
export function cachedKey(accountId: number, signature: string, offset: number): TSortKey | undefined {
  return entries.get(id(accountId, signature, offset));
}

/** Remembers that the row before `offset` (the last row served) has `key`. */
export function rememberKey(accountId: number, signature: string, offset: number, key: TSortKey): void {
  entries.set(id(accountId, signature, offset), key);
}
