import type { TDb } from "~/server/db/client";

/**
 * Where participants signal: for each, the country that most of its latest signals' cards are in
 * (its own latest 200 signals, and up to 200 made on its behalf). Participants carry no location of
 * their own in the data; this is the location the data does hold, and it tells same-name
 * participants apart in the workspace. Null when none of those cards has a country.
 */
export async function participantPlaces(db: TDb, slugs: string[]): Promise<{ slug: string; country: string | null; share: number }[]> {
  const wanted = [...new Set(slugs.filter((s) => !s.includes("\0")))];
  if (wanted.length === 0) return [];
  const rows = await db.$queryRaw<{ slug: string; country: string; n: number; total: number }[]>`
    WITH recent AS (
      SELECT p.slug, r.card_id
      FROM participant p
      CROSS JOIN LATERAL (
        (SELECT card_id FROM interaction WHERE participant_id = p.id ORDER BY created_at DESC LIMIT 200)
        UNION ALL
        (SELECT card_id FROM interaction WHERE associated_participant_id = p.id AND participant_id <> p.id LIMIT 200)
      ) r
      WHERE p.slug = ANY(${wanted}::text[])
    ), counted AS (
      SELECT recent.slug, COALESCE(l.country, CASE WHEN l.type = 'country' THEN l.name END) AS country, count(*)::int AS n
      FROM recent JOIN card c ON c.id = recent.card_id LEFT JOIN location l ON l.id = c.location_id
      GROUP BY 1, 2
    )
    SELECT slug, country, n, (sum(n) OVER (PARTITION BY slug))::int AS total FROM counted
    ORDER BY slug, n DESC, country`;
  const best = new Map<string, { country: string | null; share: number }>();
  for (const r of rows) {
    if (r.country === null || best.has(r.slug)) continue;
    best.set(r.slug, { country: r.country, share: r.total ? r.n / r.total : 0 });
  }
  return wanted.map((slug) => ({ slug, ...(best.get(slug) ?? { country: null, share: 0 }) }));
}
