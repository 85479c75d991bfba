import type { TDb } from "~/server/db/client";
import { AppError } from "~/server/lib/errors";
import { ownListHits, referenceHits } from "./lists";
import { normalizeName, tierRank } from "./match";
import { RECORD_KINDS, recordHits } from "./sources";
import { AUTOCOMPLETE_TYPES, type TAutocompleteHit, type TAutocompleteType } from "./types";

/**
 * Typeahead over everything an analyst names (GET /v1/autocomplete/, the MCP tool `autocomplete`,
 * the workspace's global search): one ranked list of cards, participants, founders, the reference
 * data and the caller's folders and saved filters. Results are ordered by how the name matched
 * (match.ts), then by kind (types.ts), then the busier first, then by name.
 */

export interface TAutocompleteQuery {
  q: string;
  /** The kinds asked for; undefined: every kind the caller may read. */
  types?: readonly TAutocompleteType[];
  limit: number;
}

export interface TAutocompleteCaller {
  accountId: number;
  /** Whether the caller may read this kind (the account's permissions and the token's scopes). */
  mayRead(type: TAutocompleteType): boolean;
}

/** The kinds to search: the ones asked for (403 when one of them may not be read) or every readable one. */
function kindsFor(caller: TAutocompleteCaller, asked: readonly TAutocompleteType[] | undefined): TAutocompleteType[] {
  if (!asked) return AUTOCOMPLETE_TYPES.filter((t) => caller.mayRead(t));
  const refused = asked.filter((t) => !caller.mayRead(t));
  if (refused.length > 0) {
    throw new AppError("permission_denied", `This token or account cannot read ${refused.join(", ")}: leave them out of types.`);
  }
  return AUTOCOMPLETE_TYPES.filter((t) => asked.includes(t));
}

const byRank = (a: TAutocompleteHit, b: TAutocompleteHit) =>
  tierRank(a.match) - tierRank(b.match) ||
  AUTOCOMPLETE_TYPES.indexOf(a.type) - AUTOCOMPLETE_TYPES.indexOf(b.type) ||
  b.weight - a.weight ||
  a.name.localeCompare(b.name, "en");

export async function autocomplete(
  db: TDb,
  caller: TAutocompleteCaller,
  query: TAutocompleteQuery,
): Promise<{ hits: Omit<TAutocompleteHit, "weight">[]; types: TAutocompleteType[] }> {
  const types = kindsFor(caller, query.types);
  if (normalizeName(query.q) === "") return { hits: [], types };
  const kinds = new Set(types);
  const n = query.limit;
  const found = await Promise.all([
    recordHits(
      db,
      query.q,
      n,
      RECORD_KINDS.filter((k) => kinds.has(k)),
    ),
    referenceHits(db, query.q, kinds),
    ownListHits(db, caller.accountId, query.q, kinds),
  ]);
  const hits = found
    .flat()
    .sort(byRank)
    .slice(0, n)
    .map(({ weight: _weight, ...hit }) => hit);
  return { hits, types };
}
