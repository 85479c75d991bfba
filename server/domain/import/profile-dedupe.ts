import type { TDb } from "~/server/db/client";

/**
 * Collapses duplicate records of one person (same network_a url, trailing slash ignored, or same
 * urn) into the most recently updated one (ties: the higher id). Cards that point at a collapsed
 * record are repointed to the survivor, then the collapsed record is deleted. Chains (A~B by url,
 * B~C by urn) end in one record; the search runs again until it finds no duplicate.
 *
 * Returns collapsed id -> surviving id.
 */

const DUPLICATES_SQL = `
  WITH keyed AS (
    SELECT id, updated_at, 'u:' || rtrim(network_a_url, '/') AS k FROM profile WHERE coalesce(network_a_url, '') <> ''
    UNION ALL
    SELECT id, updated_at, 'n:' || network_a_urn AS k FROM profile WHERE coalesce(network_a_urn, '') <> ''
  ),
  dup AS (SELECT k FROM keyed GROUP BY k HAVING count(*) > 1),
  ranked AS (
    SELECT keyed.id, first_value(keyed.id) OVER (PARTITION BY keyed.k ORDER BY keyed.updated_at DESC, keyed.id DESC) AS winner
    FROM keyed JOIN dup USING (k)
  )
  SELECT DISTINCT ON (r.id) r.id AS loser, r.winner
  FROM ranked r JOIN profile w ON w.id = r.winner
  WHERE r.id <> r.winner
  ORDER BY r.id, w.updated_at DESC, w.id DESC`;

const MAX_ROUNDS = 20;

export async function collapseDuplicateProfiles(db: TDb): Promise<Map<number, number>> {
  const redirect = new Map<number, number>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const pairs = await db.$queryRawUnsafe<{ loser: number; winner: number }[]>(DUPLICATES_SQL);
    if (!pairs.length) break;
    // A loser may win another group: follow the winners up to one that loses nowhere.
    const winnerOf = new Map(pairs.map((p) => [p.loser, p.winner]));
    const finalOf = (id: number) => {
      let end = id;
      for (let hops = 0; winnerOf.has(end) && hops <= pairs.length; hops++) end = winnerOf.get(end)!;
      return end;
    };
    const now = pairs.map((p) => ({ loser: p.loser, winner: finalOf(p.loser) }));
    const losers = now.map((p) => p.loser);
    const survivors = now.map((p) => p.winner);
    await db.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(
          `UPDATE card c SET network_a_profile_id = u.winner
         FROM unnest($1::int[], $2::int[]) AS u(loser, winner) WHERE c.network_a_profile_id = u.loser`,
          losers,
          survivors,
        );
        await tx.$executeRawUnsafe(`DELETE FROM profile WHERE id = ANY($1::int[])`, losers);
      },
      { maxWait: 120_000, timeout: 600_000 },
    );
    for (const p of now) redirect.set(p.loser, p.winner);
  }
  // Resolve chains: A -> B, B -> C gives A -> C.
  for (const [from, to] of redirect) {
    let end = to;
    for (let hops = 0; redirect.has(end) && hops < MAX_ROUNDS; hops++) end = redirect.get(end)!;
    redirect.set(from, end);
  }
  return redirect;
}
