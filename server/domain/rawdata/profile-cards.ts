import type { TDb } from "~/server/db/client";
import { getProfile, type TReader } from "./profiles";

/**
 * The cards linked to a founder profile (a card's network profile), for the workspace's profile
 * page. The profile must be readable by the reader (same rules as GET /v1/network_a/profiles/<id>/);
 * a collections-only account reads no cards, so it gets none.
 */
export async function profileCards(db: TDb, reader: TReader, rawId: string): Promise<{ slug: string; name: string }[]> {
  const profile = await getProfile(db, reader, rawId);
  if (reader.scope === "collections_only") return [];
  return db.$queryRaw<{ slug: string; name: string }[]>`
    SELECT slug, name FROM card WHERE network_a_profile_id = ${profile.id}::int ORDER BY name, id LIMIT 20`;
}
