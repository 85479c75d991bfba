import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { readParticipants, withoutId } from "./rows";
import type { TParticipant, TParticipantSource } from "./types";

/** One participant by slug with its sources (detail); 404 not_found when there is none. */
export async function participantBySlug(
  db: TDb,
  slug: string,
  opts: { savedFor?: number } = {},
): Promise<TParticipant & { sources: TParticipantSource[] }> {
  // A NUL character cannot be stored, so no slug holds one (and the database would refuse it).
  if (slug.includes("\0")) throw notFound("Participant");
  const [row] = await readParticipants(db, Prisma.sql`SELECT id FROM participant WHERE slug = ${slug}`, opts);
  if (!row) throw notFound("Participant");
  const sources = await db.participantSource.findMany({
    where: { participantId: row.id },
    select: { slug: true, type: true, link: true },
    orderBy: { id: "asc" },
  });
  const [item] = withoutId([row]);
  return { ...item!, sources };
}

/**
 * Participants by slug (batch): each known slug once, in the order the slugs were given (first
 * occurrence); unknown slugs are simply absent. Also returns the slugs that matched nothing.
 */
export async function participantsBySlugs(
  db: TDb,
  slugs: string[],
  opts: { savedFor?: number } = {},
): Promise<{ data: TParticipant[]; notFound: string[] }> {
  const wanted = [...new Set(slugs)];
  const storable = wanted.filter((s) => !s.includes("\0"));
  const rows = await readParticipants(db, Prisma.sql`SELECT id FROM participant WHERE slug = ANY(${storable}::text[])`, opts);
  const bySlug = new Map(withoutId(rows).map((r) => [r.slug, r]));
  return {
    data: wanted.flatMap((s) => bySlug.get(s) ?? []),
    notFound: wanted.filter((s) => !bySlug.has(s)),
  };
}

/** Participant types for the `type` filter, by name. */
export async function participantTypes(db: TDb): Promise<{ slug: string; name: string }[]> {
  return db.participantType.findMany({ select: { slug: true, name: true }, orderBy: [{ name: "asc" }, { slug: "asc" }] });
}
