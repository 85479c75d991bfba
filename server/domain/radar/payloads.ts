import { Prisma } from "~/server/db/generated/prisma/client";
import { iso, isoOrNull } from "~/server/lib/format";
import type { TIdentifierKind, TInitStatus, TNetworkASnapshot, TNetworkBSnapshot, TRadarError, TSnapshot, TSource } from "./types";

/**
 * Rows of radar_application / radar_connection as the queries select them, and the response
 * payloads built from them. An application shows only the identifier keys of its own source.
 */

export interface TApplicationRow {
  id: number;
  source: TSource;
  identifier_kind: TIdentifierKind;
  identifier: string;
  is_tracking: boolean;
  init_status: TInitStatus;
  radar_error: TRadarError | null;
  created_at: Date;
  updated_at: Date;
}

export const APPLICATION_COLUMNS = Prisma.sql`a.id, a.source, a.identifier_kind, a.identifier, a.is_tracking, a.init_status,
  a.radar_error, a.created_at, a.updated_at`;

export interface TApplicationPayload {
  id: number;
  source: TSource;
  username: string | null;
  network_a_url?: string | null;
  network_b_url?: string | null;
  network_b_user_id?: string | null;
  is_tracking: boolean;
  init_status: TInitStatus;
  radar_error: TRadarError | null;
  created_at: string;
  updated_at: string;
}

export function applicationPayload(r: TApplicationRow): TApplicationPayload {
  const value = (kind: TIdentifierKind) => (r.identifier_kind === kind ? r.identifier : null);
  const identifiers =
    r.source === "network_a"
      ? { username: value("username"), network_a_url: value("network_a_url") }
      : { username: value("username"), network_b_url: value("network_b_url"), network_b_user_id: value("network_b_user_id") };
  return {
    id: r.id,
    source: r.source,
    ...identifiers,
    is_tracking: r.is_tracking,
    init_status: r.init_status,
    radar_error: r.init_status === "failed" ? r.radar_error : null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export interface TConnectionRow {
  id: number;
  source: TSource;
  external_id: string;
  username: string | null;
  name: string | null;
  company: string | null;
  url: string | null;
  is_tracking: boolean;
  last_refreshed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const CONNECTION_COLUMNS = Prisma.sql`c.id, c.source, c.external_id, c.username, c.name, c.company,
  c.snapshot->'profile'->>'url' AS url, c.is_tracking, c.last_refreshed_at, c.created_at, c.updated_at`;

export interface TConnectionPayload {
  id: number;
  source: TSource;
  external_id: string;
  username: string | null;
  name: string | null;
  company: string | null;
  url: string | null;
  is_tracking: boolean;
  last_refreshed_at: string | null;
  created_at: string;
  updated_at: string;
}

export function connectionPayload(r: TConnectionRow): TConnectionPayload {
  return {
    id: r.id,
    source: r.source,
    external_id: r.external_id,
    username: r.username,
    name: r.name,
    company: r.company,
    url: r.url,
    is_tracking: r.is_tracking,
    last_refreshed_at: isoOrNull(r.last_refreshed_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export type TConnectionDetail =
  | (TConnectionPayload & { source: "network_a" } & Pick<TNetworkASnapshot, "profile" | "career" | "education" | "skills">)
  | (TConnectionPayload & { source: "network_b" } & Pick<TNetworkBSnapshot, "profile" | "activity">);

/** The detail of a connection: its row and the latest snapshot (career... or profile and activity). */
export function connectionDetail(r: TConnectionRow, snapshot: TSnapshot): TConnectionDetail {
  const base = connectionPayload(r);
  if (snapshot.source === "network_a") {
    const { profile, career, education, skills } = snapshot;
    return { ...base, source: "network_a", profile, career, education, skills };
  }
  const { profile, activity } = snapshot;
  return { ...base, source: "network_b", profile, activity };
}

/** The denormalised columns of a connection taken from its snapshot. */
export function connectionColumns(s: TSnapshot): { username: string | null; name: string | null; company: string | null } {
  return {
    username: s.username,
    name: s.name,
    company: s.source === "network_a" ? (s.career.current?.company ?? null) : null,
  };
}
