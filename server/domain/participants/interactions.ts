import type { TDb } from "../../db/client";
import { notFound } from "../../lib/errors";
import { iso } from "../../lib/format";

/**
 * The signals a participant took part in, newest first (created_at desc, id desc): the ones it
 * made and the ones made on its behalf (it is the associated participant: a fund through its
 * partners), the same set the cards list's participants filter reads. Each names its card.
 */

export interface TParticipantInteraction {
  id: number;
  created_at: string;
  card: { slug: string; name: string };
  participant: { slug: string; name: string };
  associated_participant: { slug: string; name: string } | null;
}

interface TRow {
  id: number;
  created_at: Date;
  card_slug: string;
  card_name: string;
  p_slug: string;
  p_name: string;
  a_slug: string | null;
  a_name: string | null;
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
             pp.slug AS p_slug, pp.name AS p_name, a.slug AS a_slug, a.name AS a_name
      FROM (
        (SELECT id, created_at FROM interaction WHERE participant_id = ${pid} ORDER BY created_at DESC, id DESC LIMIT ${window})
        UNION
        (SELECT id, created_at FROM interaction WHERE associated_participant_id = ${pid} ORDER BY created_at DESC, id DESC LIMIT ${window})
        ORDER BY created_at DESC, id DESC LIMIT ${p.limit} OFFSET ${p.offset}::bigint
      ) page
      JOIN interaction i ON i.id = page.id
      JOIN card c ON c.id = i.card_id
      JOIN participant pp ON pp.id = i.participant_id
      LEFT JOIN participant a ON a.id = i.associated_participant_id
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
      participant: { slug: r.p_slug, name: r.p_name },
      associated_participant: r.a_slug === null ? null : { slug: r.a_slug, name: r.a_name! },
    })),
    total,
    fetched: rows.length,
  };
}
