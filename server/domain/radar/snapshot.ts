import { isDeepStrictEqual } from "node:util";
import type { TNetworkASnapshot, TNetworkBSnapshot, TPosition, TSnapshot } from "./types";

/**
 * Builds the normalised snapshots connectors hand to the worker. Inputs use the formats the
 * service already has: a network_a profile in the spec's Network profile shape (experience items
 * {title, company, startDate, endDate, location, description}) plus optional `skills`, and a
 * network_b profile in the import format's `network_b_profile` shape.
 */

export interface TNetworkAProfileInput {
  id: string | number;
  name?: string | null;
  headline?: string | null;
  summary?: string | null;
  location?: string | null;
  network_a?: { url?: string | null; image_url?: string | null; urn?: string | null } | null;
  education?: unknown[] | null;
  experience?: unknown[] | null;
  skills?: unknown[] | null;
}

export interface TNetworkBProfileInput {
  user_id: string | number;
  username?: string | null;
  name?: string | null;
  bio?: string | null;
  location?: string | null;
  url?: string | null;
  followers?: number | null;
  recent_posts?: unknown[] | null;
  followed_accounts?: unknown[] | null;
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Last path segment of a profile URL (query, fragment and trailing slashes removed), like vm_network_a_slug. */
export function urlSlug(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = url.split("?")[0]!.split("#")[0]!.replace(/\/+$/, "");
  const last = /([^/]+)$/.exec(path)?.[1];
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function position(item: unknown): TPosition {
  const r = record(item);
  return {
    title: text(r.title),
    company: text(r.company),
    start_date: text(r.startDate ?? r.start_date),
    end_date: text(r.endDate ?? r.end_date),
    location: text(r.location),
    description: text(r.description),
  };
}

/** Current position: the first one without an end date; history: every other, in the given order. */
function career(experience: unknown[] | null | undefined): TNetworkASnapshot["career"] {
  const positions = (experience ?? []).map(position).filter((p) => p.title !== null || p.company !== null);
  const index = positions.findIndex((p) => p.end_date === null);
  return {
    current: index >= 0 ? positions[index]! : null,
    history: positions.filter((_, i) => i !== index),
  };
}

export function networkASnapshot(p: TNetworkAProfileInput): TNetworkASnapshot {
  const links = record(p.network_a);
  const url = text(links.url);
  return {
    source: "network_a",
    external_id: String(p.id),
    username: urlSlug(url) ?? text(links.urn),
    name: text(p.name),
    profile: {
      headline: text(p.headline),
      summary: text(p.summary),
      location: text(p.location),
      url,
      image_url: text(links.image_url),
      urn: text(links.urn),
    },
    career: career(p.experience),
    education: (p.education ?? []).map((e) => ({ school: text(record(e).school), degree: text(record(e).degree) })),
    skills: (p.skills ?? []).map(text).filter((s): s is string => s !== null),
  };
}

export function networkBSnapshot(p: TNetworkBProfileInput): TNetworkBSnapshot {
  return {
    source: "network_b",
    external_id: String(p.user_id),
    username: text(p.username),
    name: text(p.name),
    profile: {
      bio: text(p.bio),
      location: text(p.location),
      url: text(p.url),
      followers: typeof p.followers === "number" && Number.isFinite(p.followers) ? p.followers : 0,
    },
    activity: { recent_posts: p.recent_posts ?? [], followed_accounts: p.followed_accounts ?? [] },
  };
}

/** Whether two snapshots hold the same data (JSON round trips keep key order, so compare deeply). */
export function sameSnapshot(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b);
}

/** A stored snapshot (jsonb) read back; anything unusable counts as empty. */
export function storedSnapshot(value: unknown): TSnapshot | null {
  const r = record(value);
  return r.source === "network_a" || r.source === "network_b" ? (r as unknown as TSnapshot) : null;
}
