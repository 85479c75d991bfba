import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { networkASnapshot, networkBSnapshot, urlSlug } from "../snapshot";
import type { TSource } from "../types";
import { notFound, type TConnector, type TConnectorResult, type TResolveRequest } from "./types";

/**
 * The built-in `dataset` connector: network_a identifiers against the raw profiles (table
 * `profile`), network_b identifiers against imported `network_b_profile` records. One query per
 * call, whatever the batch size.
 *
 * network_a: a URL matches the profile with that `network_a_url`, else any profile whose URL ends
 * with the same segment (case-insensitive, vm_network_a_slug) or whose member id (`network_a_urn`)
 * is that segment; a username is such a segment. Several matches: the exact URL, then the most
 * recently updated profile. network_b: `username` (case-insensitive) or numeric `user_id`.
 */

interface TProfileRow {
  id: number;
  name: string;
  headline: string | null;
  summary: string | null;
  location: string | null;
  network_a_url: string | null;
  network_a_image_url: string | null;
  network_a_urn: string | null;
  education: unknown[];
  experience: unknown[];
  updated_at: Date;
  slug: string | null;
}

interface TNetworkBRow {
  user_id: string;
  username: string;
  name: string | null;
  bio: string | null;
  location: string | null;
  url: string | null;
  followers: number;
  recent_posts: unknown[];
  followed_accounts: unknown[];
}

const PROFILE_COLUMNS = Prisma.raw(`id, name, headline, summary, location, network_a_url, network_a_image_url, network_a_urn,
  education, experience, updated_at, vm_network_a_slug(network_a_url) AS slug`);

const toNetworkA = (p: TProfileRow) =>
  networkASnapshot({
    id: p.id,
    name: p.name,
    headline: p.headline,
    summary: p.summary,
    location: p.location,
    network_a: { url: p.network_a_url, image_url: p.network_a_image_url, urn: p.network_a_urn },
    education: p.education,
    experience: p.experience,
  });

const trimSlash = (u: string | null) => (u ?? "").replace(/\/+$/, "").toLowerCase();

/** The segment a network_a request names, and its spellings (decoded and percent-encoded). */
function segmentOf(r: TResolveRequest): string {
  return r.kind === "network_a_url" ? (urlSlug(r.identifier) ?? "") : r.identifier;
}
const spellings = (seg: string) => [...new Set([seg, encodeURIComponent(seg)])];

async function resolveNetworkA(db: TDb, requests: TResolveRequest[]): Promise<Map<number, TConnectorResult>> {
  const segments = requests.map(segmentOf);
  const raw = [...new Set(segments.flatMap(spellings))];
  const lower = [...new Set(raw.map((s) => s.toLowerCase()))];
  const rows = raw.length
    ? await db.$queryRaw<TProfileRow[]>`
        SELECT ${PROFILE_COLUMNS} FROM profile
         WHERE vm_network_a_slug(network_a_url) = ANY(${lower}::text[]) OR network_a_urn = ANY(${raw}::text[])`
    : [];
  const out = new Map<number, TConnectorResult>();
  requests.forEach((r, i) => {
    const names = spellings(segments[i]!);
    const lowered = names.map((s) => s.toLowerCase());
    const candidates = rows.filter(
      (p) => (p.slug !== null && lowered.includes(p.slug)) || (p.network_a_urn !== null && names.includes(p.network_a_urn)),
    );
    const exact = r.kind === "network_a_url" ? candidates.filter((p) => trimSlash(p.network_a_url) === trimSlash(r.identifier)) : [];
    const best = (exact.length ? exact : candidates).sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime() || b.id - a.id)[0];
    out.set(r.ref, best ? { ok: true, snapshot: toNetworkA(best) } : notFound("network_a", `${r.kind} '${r.identifier}'`));
  });
  return out;
}

function networkBName(r: TResolveRequest): string {
  if (r.kind === "network_b_url") return (urlSlug(r.identifier) ?? "").replace(/^@/, "").toLowerCase();
  return r.identifier.replace(/^@/, "").toLowerCase();
}

const toNetworkB = (p: TNetworkBRow) => networkBSnapshot(p);

async function resolveNetworkB(db: TDb, requests: TResolveRequest[]): Promise<Map<number, TConnectorResult>> {
  const byId = requests.filter((r) => r.kind === "network_b_user_id");
  const byName = requests.filter((r) => r.kind !== "network_b_user_id");
  const ids = [...new Set(byId.flatMap((r) => [r.identifier, BigInt(r.identifier).toString()]))];
  const names = [...new Set(byName.map(networkBName))];
  const rows = await db.$queryRaw<TNetworkBRow[]>`
    SELECT user_id, username, name, bio, location, url, followers, recent_posts, followed_accounts
      FROM network_b_profile
     WHERE lower(username) = ANY(${names}::text[]) OR user_id = ANY(${ids}::text[])`;
  const out = new Map<number, TConnectorResult>();
  for (const r of requests) {
    const match =
      r.kind === "network_b_user_id"
        ? rows.find((p) => p.user_id === r.identifier || p.user_id === BigInt(r.identifier).toString())
        : rows.find((p) => p.username.toLowerCase() === networkBName(r));
    out.set(r.ref, match ? { ok: true, snapshot: toNetworkB(match) } : notFound("network_b", `${r.kind} '${r.identifier}'`));
  }
  return out;
}

async function fetchByIds(db: TDb, source: TSource, externalIds: string[]): Promise<Map<string, TConnectorResult>> {
  const out = new Map<string, TConnectorResult>();
  if (source === "network_a") {
    const ids = externalIds.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
    const rows = await db.$queryRaw<TProfileRow[]>`SELECT ${PROFILE_COLUMNS} FROM profile WHERE id = ANY(${ids}::int[])`;
    for (const p of rows) out.set(String(p.id), { ok: true, snapshot: toNetworkA(p) });
  } else {
    const rows = await db.$queryRaw<TNetworkBRow[]>`
      SELECT user_id, username, name, bio, location, url, followers, recent_posts, followed_accounts
        FROM network_b_profile WHERE user_id = ANY(${externalIds}::text[])`;
    for (const p of rows) out.set(p.user_id, { ok: true, snapshot: toNetworkB(p) });
  }
  for (const id of externalIds) if (!out.has(id)) out.set(id, notFound(source, `id ${id}`));
  return out;
}

export function datasetConnector(db: TDb): TConnector {
  return {
    name: "dataset",
    resolve: (source, requests) => (source === "network_a" ? resolveNetworkA(db, requests) : resolveNetworkB(db, requests)),
    fetch: (source, externalIds) => fetchByIds(db, source, externalIds),
  };
}
