import type { TDb } from "~/server/db/client";
import { hasReplicas, onReplica } from "~/server/db/replicas";
import { baseFields } from "~/server/domain/cards/fields";
import { hasAskedIntro } from "~/server/domain/userdata/intro";

/**
 * Where a card read runs: on a read replica, unless what it returns includes the caller's own data
 * (user_data, their folders, has_intro_request once they have ever asked for an intro), which is read on
 * the primary so that a user always sees their own writes at once.
 */
export async function readCards<T>(
  primary: TDb,
  accountId: number,
  p: { include_user_data?: boolean; folder_ids?: number[]; view?: "default" | "compact"; fields?: string[] },
  read: (db: TDb) => Promise<T>,
): Promise<T> {
  if (!hasReplicas() || p.include_user_data || p.folder_ids?.length) return read(primary);
  if (baseFields(p.view, p.fields).includes("has_intro_request") && (await hasAskedIntro(primary, accountId))) return read(primary);
  return onReplica(primary, read);
}
