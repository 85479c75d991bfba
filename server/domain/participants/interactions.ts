import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";

/**
 * The signals a participant took part in, newest first (created_at desc, id desc): the ones it
 * made and the ones made on its behalf (it is the associated participant: a fund through its
 * partners), the same set the cards list's participants filter reads. Each names its card.
 */

interface TRef {
  slug: string;
  name: string;
  /** The participant type's name (Fund, Investor, ...). */
  type_name: string;
}

export interface TParticipantInteraction {
  id: number;
  created_at: string;
  card: { slug: string; name: string };
  /** Where the signal was seen (the spec's source types); null when the data does not say. */
  source_type: { slug: string; name: string; group: string } | null;
  participant: TRef;
  associated_participant: TRef | null;
}

interface TRow {
  id: number;
  created_at: Date;
  card_slug: string;
  card_name: string;
  p_slug: string;
  p_name: string;
  p_type_name: string;
  a_slug: string | null;
  a_name: string | null;
  a_type_name: string | null;
  s_slug: string | null;
  s_name: string | null;
  s_group: string | null;
}

export async function listParticipantInteractions(
  db: TDb,
  slug: string,
  p: { limit: number; offset: number },
): Promise<{ data: TParticipantInteraction[]; total: number; fetched: number }> {
  if (slug.includes("\0")) throw notFound("Participant");
  const found = await db.$queryRaw<{ id: number }[]>`SELECT id FROM participant WHERE slug = ${slug}`;
  if (!found[0]) throw notFound("Participant");
  const pid = found[0].id;
  // Each branch reads its own index ((participant_id, created_at) / associated); UNION drops an
  // interaction that names the participant twice.
  const window = p.limit + p.offset;
  const [rows, count] = await Promise.all([
    db.$queryRaw<TRow[]>`
      SELECT i.id, i.created_at, c.slug AS card_slug, c.name AS card_name,
             pp.slug AS p_slug, pp.name AS p_name, ppt.name AS p_type_name,
             a.slug AS a_slug, a.name AS a_name, apt.name AS a_type_name,
             st.slug AS s_slug, st.name AS s_name, st."group" AS s_group
      FROM (
        (SELECT id, created_at FROM interaction WHERE participant_id = ${pid} ORDER BY created_at DESC, id DESC LIMIT ${window})
        UNION
        (SELECT id, created_at FROM interaction WHERE associated_participant_id = ${pid} ORDER BY created_at DESC, id DESC LIMIT ${window})
        ORDER BY created_at DESC, id DESC LIMIT ${p.limit} OFFSET ${p.offset}::bigint
      ) page
      JOIN interaction i ON i.id = page.id
      JOIN card c ON c.id = i.card_id
      JOIN participant pp ON pp.id = i.participant_id
      JOIN participant_type ppt ON ppt.id = pp.type_id
      LEFT JOIN participant a ON a.id = i.associated_participant_id
      LEFT JOIN participant_type apt ON apt.id = a.type_id
      LEFT JOIN source_type st ON st.id = i.source_type_id
      ORDER BY i.created_at DESC, i.id DESC`,
    // The same set counted as two index scans (its own, then those on its behalf it did not make)
    // rather than an OR that reads every row of both.
    db.$queryRaw<{ n: number }[]>`
      SELECT ((SELECT count(*) FROM interaction WHERE participant_id = ${pid})
            + (SELECT count(*) FROM interaction WHERE associated_participant_id = ${pid} AND participant_id <> ${pid}))::int AS n`,
  ]);
  const total = count[0]?.n ?? 0;
  return {
    data: rows.map((r) => ({
      id: r.id,
      created_at: iso(r.created_at),
      card: { slug: r.card_slug, name: r.card_name },
      source_type: r.s_slug === null ? null : { slug: r.s_slug, name: r.s_name!, group: r.s_group! },
      participant: { slug: r.p_slug, name: r.p_name, type_name: r.p_type_name },
      associated_participant: r.a_slug === null ? null : { slug: r.a_slug, name: r.a_name!, type_name: r.a_type_name! },
    })),
    total,
    fetched: rows.length,
  };
}
