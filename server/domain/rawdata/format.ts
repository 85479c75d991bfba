import { Prisma } from "~/server/db/generated/prisma/client";
import type { TNetworkProfile, TNewCompany } from "./types";

/**
 * Profile rows to the spec's Network profile. Timestamps are formatted by the database so that
 * they keep their microseconds (a JS Date would drop them): ISO 8601 UTC, `...:00.123456Z`.
 */

const TS = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Select list over the alias `p`. */
export const PROFILE_COLUMNS = Prisma.raw(
  [
    "p.id",
    "p.name",
    "p.headline",
    "p.summary",
    "p.location",
    "p.network_a_url",
    "p.network_a_image_url",
    "p.network_a_urn",
    "p.classification",
    "p.path",
    "p.status",
    `${TS("p.out_of_stealth_date")} AS out_of_stealth_date`,
    "p.education",
    "p.experience",
    "p.notable_achievements",
    "p.new_company",
    "p.tags",
    `${TS("p.created_at")} AS created_at`,
    `${TS("p.updated_at")} AS updated_at`,
  ].join(", "),
);

export interface TProfileRow {
  id: number;
  name: string;
  headline: string | null;
  summary: string | null;
  location: string | null;
  network_a_url: string | null;
  network_a_image_url: string | null;
  network_a_urn: string | null;
  classification: string | null;
  path: string | null;
  status: string | null;
  out_of_stealth_date: string | null;
  education: unknown;
  experience: unknown;
  notable_achievements: string | null;
  new_company: unknown;
  tags: string[] | null;
  created_at: string;
  updated_at: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export const objects = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isObject) : []);

const DATE_KEYS = new Set(["startDate", "endDate", "start_date", "end_date"]);

/** YYYY-MM-DD from a date, a datetime, `YYYY-MM` or `YYYY`; null when it is none of them. */
export function toYmd(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{4})-(\d{2})$/.exec(s);
  if (m) return `${m[1]}-${m[2]}-01`;
  m = /^(\d{4})$/.exec(s);
  return m ? `${m[1]}-01-01` : null;
}

/** Experience entries with their dates as YYYY-MM-DD. */
function experience(v: unknown): Record<string, unknown>[] {
  return objects(v).map((entry) => {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(entry)) out[k] = DATE_KEYS.has(k) && x !== null ? toYmd(x) : x;
    return out;
  });
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** The company object, or null when there is no company data at all. */
export function newCompany(v: unknown): TNewCompany | null {
  if (!isObject(v)) return null;
  const company: TNewCompany = {
    name: str(v.name),
    description: str(v.description),
    website: str(v.website),
    logo: str(v.logo),
    network_a_url: str(v.network_a_url),
  };
  return Object.values(company).some((x) => x !== null && x !== "") ? company : null;
}

/**
 * One Network profile. `restricted`: read through a collection or by a collections-only account,
 * which omits status, out_of_stealth_date and new_company (spec, Network profile notes).
 */
export function formatProfile(row: TProfileRow, restricted: boolean): TNetworkProfile {
  const profile: TNetworkProfile = {
    id: row.id,
    name: row.name,
    headline: row.headline,
    summary: row.summary,
    location: row.location,
    network_a: { url: row.network_a_url, image_url: row.network_a_image_url, urn: row.network_a_urn },
    classification: row.classification,
    path: row.path,
    status: row.status,
    out_of_stealth_date: row.out_of_stealth_date,
    education: objects(row.education),
    experience: experience(row.experience),
    notable_achievements: row.notable_achievements,
    new_company: newCompany(row.new_company),
    tags: (row.tags ?? []).filter((t): t is string => typeof t === "string"),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  if (restricted) {
    delete profile.status;
    delete profile.out_of_stealth_date;
    delete profile.new_company;
  }
  return profile;
}
