import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import type { TParticipant } from "./types";

/**
 * Reading participants in the spec's shape. `page` is a statement yielding participant ids (column
 * `id`; for example one ordered, limited page of the list): the page is found through the
 * participant indexes alone (index-only where the order allows), and the columns, type and parent
 * organisation are read for its rows only.
 */

interface TParticipantRow {
  id: number;
  slug: string;
  name: string;
  alt_name: string | null;
  email: string | null;
  image: string | null;
  about: string | null;
  type_slug: string;
  web3: boolean;
  web2: boolean;
  monthly_signals: number;
  associated_with_id: number | null;
  assoc_slug: string | null;
  assoc_name: string | null;
  is_saved?: boolean;
}

export interface TReadOptions {
  /** Adds `is_saved` for this account. */
  savedFor?: number;
}

/**
 * The participant's own record as the spec's Participant. self_associated is true when the participant
 * is not attached to another organisation: no parent, or itself as its parent (docs/architecture.md).
 */
function toParticipant(row: TParticipantRow): TParticipant & { id: number } {
  const item: TParticipant & { id: number } = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    alt_name: row.alt_name,
    email: row.email,
    image: row.image,
    about: row.about,
    type: row.type_slug,
    web3: row.web3,
    web2: row.web2,
    monthly_signals: row.monthly_signals,
    associated_with: row.assoc_slug !== null && row.assoc_name !== null ? { slug: row.assoc_slug, name: row.assoc_name } : null,
    self_associated: row.associated_with_id === null || row.associated_with_id === row.id,
  };
  if (row.is_saved !== undefined) item.is_saved = row.is_saved;
  return item;
}

/** The statement reading `page` in the spec's shape, in no particular order (exported for EXPLAIN). */
function participantSelectSql(page: Prisma.Sql, opts: TReadOptions = {}): Prisma.Sql {
  const saved =
    opts.savedFor !== undefined
      ? Prisma.sql`, EXISTS (SELECT 1 FROM saved_participant s WHERE s.account_id = ${opts.savedFor} AND s.participant_id = p.id) AS is_saved`
      : Prisma.empty;
  return Prisma.sql`
    SELECT p.id, p.slug, p.name, p.alt_name, p.email, p.image, p.about, t.slug AS type_slug, p.web3, p.web2,
           p.monthly_signals, p.associated_with_id, a.slug AS assoc_slug, a.name AS assoc_name ${saved}
    FROM (${page}) pick
    JOIN participant p ON p.id = pick.id
    JOIN participant_type t ON t.id = p.type_id
    LEFT JOIN participant a ON a.id = p.associated_with_id`;
}

/**
 * The participant whose id is `id` (an SQL expression over the enclosing query), read as
 * participantSelectSql reads it, as JSON text: semantic pages read it with their ranking.
 */
export function participantRowJson(id: Prisma.Sql, opts: TReadOptions = {}): Prisma.Sql {
  return Prisma.sql`(SELECT row_to_json(x)::text FROM (${participantSelectSql(Prisma.sql`SELECT ${id} AS id`, opts)}) x)`;
}

/** Decodes a row read by participantRowJson. */
export function decodeParticipantRow(text: string): TParticipant & { id: number } {
  return toParticipant(JSON.parse(text) as TParticipantRow);
}

export async function readParticipants(db: TDb, page: Prisma.Sql, opts: TReadOptions = {}): Promise<(TParticipant & { id: number })[]> {
  const rows = await db.$queryRaw<TParticipantRow[]>(participantSelectSql(page, opts));
  return rows.map(toParticipant);
}

/** Drops the internal id from items on their way out. */
export function withoutId<T extends { id: number }>(items: T[]): Omit<T, "id">[] {
  return items.map(({ id: _id, ...rest }) => rest);
}
