import type { TDb } from "~/server/db/client";
import { hasReplicas, onReplica } from "~/server/db/replicas";
import type { TAccount } from "~/server/domain/access/caller";
import { baseFields } from "~/server/domain/cards/fields";

/**
 * Where a card read runs: on a read replica, unless what it returns includes the caller's own data
 * (user_data, their folders, has_intro_request once they have ever asked for an intro), which is read on
 * the primary so that a user always sees their own writes at once. Whether the account has asked
 * for an intro comes with the authenticated account (TAccount.askedIntro), so the choice itself
 * costs the primary no statement.
 */
export async function readCards<T>(
  primary: TDb,
  account: Pick<TAccount, "askedIntro">,
  p: { include_user_data?: boolean; folder_ids?: number[]; view?: "default" | "compact"; fields?: string[] },
  read: (db: TDb) => Promise<T>,
): Promise<T> {
  if (!hasReplicas() || p.include_user_data || p.folder_ids?.length) return read(primary);
  if (account.askedIntro && baseFields(p.view, p.fields).includes("has_intro_request")) return read(primary);
  return onReplica(primary, read);
}
