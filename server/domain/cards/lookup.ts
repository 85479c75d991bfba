import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { CARD_LIST_FIELDS } from "./format";
import { cardItemsById, type TCardListItem } from "./list";

/**
 * Bulk lookup of cards by what a caller holds for them (POST /v1/cards/lookup/, the MCP tool
 * `lookup_cards`): a website's domain or URL, a founder's network profile URL, a slug or an exact
 * name. Each identifier is read as the first of these it can be:
 *   - a network profile URL (`network-a.example/in/...`): the card of that profile;
 *   - a URL or a domain (it holds a dot or a scheme): the cards whose website has that host (the
 *     host lower-cased, "www." dropped; `vm_card_url_host`);
 *   - a slug (lower-case letters, digits and dashes) that a card has;
 *   - a name: the cards of exactly that name, case aside.
 * One identifier, one answer, in the order given: `matched` with `matched_on` and the card,
 * `ambiguous` with up to 5 candidates when several cards fit, or `not_found`. Every kind is one
 * statement for all the identifiers of that kind.
 */

export const MAX_LOOKUP = 100;
const MAX_CANDIDATES = 5;

type TMatchedOn = "network_profile" | "url" | "domain" | "slug" | "name";
export type TLookupRow =
  | { input: string; status: "matched"; matched_on: TMatchedOn; card: TCardListItem }
  | { input: string; status: "ambiguous"; matched_on: TMatchedOn; candidates: TCardListItem[] }
  | { input: string; status: "not_found" };

/** The host of a website (lower case, no "www."): the `vm_card_url_host` expression. */
const URL_HOST = Prisma.raw(`substring(lower(url) from '^(?:[a-z][a-z0-9+.-]*://)?(?:www\\.)?([^/:?#]+)')`);
const NETWORK_PROFILE_HOST = "network-a.example";
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface TParsed {
  kind: "network_profile" | "website" | "slug_or_name";
  /** What the statement of the kind compares: profile URLs, a host, or the text. */
  keys: string[];
  matchedOn: TMatchedOn;
}

/** A URL as `new URL` reads it, with https:// added when it has no scheme; undefined when it is no URL. */
function asUrl(text: string): URL | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
}

function parse(input: string): TParsed {
  const text = input.trim();
  const looksLikeUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || (/^[^\s/]+\.[a-z]{2,}(?:[/:?#]|$)/i.test(text) && !text.includes(" "));
  const url = looksLikeUrl ? asUrl(text) : undefined;
  if (url && (url.protocol === "https:" || url.protocol === "http:")) {
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    if (host === NETWORK_PROFILE_HOST && url.pathname.length > 1) {
      const path = url.pathname.replace(/\/+$/, "");
      const keys = ["https", "http"].flatMap((scheme) =>
        [host, `www.${host}`].flatMap((h) => [`${scheme}://${h}${path}`, `${scheme}://${h}${path}/`]),
      );
      return { kind: "network_profile", keys, matchedOn: "network_profile" };
    }
    const bare = url.pathname === "/" && !url.search && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text);
    return { kind: "website", keys: [host], matchedOn: bare ? "domain" : "url" };
  }
  return { kind: "slug_or_name", keys: [text], matchedOn: SLUG.test(text) ? "slug" : "name" };
}

/** Card ids by each key of a kind, in one statement. */
async function idsByKey(db: TDb, kind: TParsed["kind"] | "name", keys: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (keys.length === 0) return out;
  const sql = {
    network_profile: Prisma.sql`SELECT p.network_a_url AS key, c.id FROM profile p JOIN card c ON c.network_a_profile_id = p.id
      WHERE p.network_a_url = ANY(${keys}::text[])`,
    website: Prisma.sql`SELECT ${URL_HOST} AS key, id FROM card WHERE ${URL_HOST} = ANY(${keys}::text[])`,
    slug_or_name: Prisma.sql`SELECT slug AS key, id FROM card WHERE slug = ANY(${keys}::text[])`,
    name: Prisma.sql`SELECT lower(name) AS key, id FROM card WHERE lower(name) = ANY(${keys}::text[])`,
  }[kind];
  for (const r of await db.$queryRaw<{ key: string; id: number }[]>(Prisma.sql`${sql} ORDER BY id`)) {
    out.set(r.key, [...(out.get(r.key) ?? []), r.id]);
  }
  return out;
}

export async function lookupCards(db: TDb, accountId: number, inputs: string[]): Promise<TLookupRow[]> {
  const parsed = inputs.map(parse);
  const keysOf = (kind: TParsed["kind"]) => [...new Set(parsed.filter((p) => p.kind === kind).flatMap((p) => p.keys))];
  const [profiles, hosts, slugs, names] = await Promise.all([
    idsByKey(db, "network_profile", keysOf("network_profile")),
    idsByKey(db, "website", keysOf("website")),
    idsByKey(db, "slug_or_name", keysOf("slug_or_name")),
    idsByKey(db, "name", [...new Set(parsed.filter((p) => p.kind === "slug_or_name").map((p) => p.keys[0]!.toLowerCase()))]),
  ]);
  const found = parsed.map((p): { matchedOn: TMatchedOn; ids: number[] } => {
    const from = (m: Map<string, number[]>, keys: string[]) => [...new Set(keys.flatMap((k) => m.get(k) ?? []))];
    if (p.kind === "network_profile") return { matchedOn: p.matchedOn, ids: from(profiles, p.keys) };
    if (p.kind === "website") return { matchedOn: p.matchedOn, ids: from(hosts, p.keys) };
    const bySlug = from(slugs, p.keys);
    if (bySlug.length > 0) return { matchedOn: "slug", ids: bySlug };
    return { matchedOn: "name", ids: from(names, [p.keys[0]!.toLowerCase()]) };
  });
  const wanted = [...new Set(found.flatMap((f) => f.ids.slice(0, f.ids.length === 1 ? 1 : MAX_CANDIDATES)))];
  const items = new Map((await cardItemsById(db, accountId, wanted, CARD_LIST_FIELDS)).map((c) => [c.id, c]));
  return inputs.map((input, i): TLookupRow => {
    const { matchedOn, ids } = found[i]!;
    const cards = ids.flatMap((id) => (items.has(id) ? [items.get(id)!] : []));
    if (cards.length === 0) return { input, status: "not_found" };
    if (cards.length === 1) return { input, status: "matched", matched_on: matchedOn, card: cards[0]! };
    return { input, status: "ambiguous", matched_on: matchedOn, candidates: cards.slice(0, MAX_CANDIDATES) };
  });
}
