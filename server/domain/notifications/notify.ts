import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import type { TNotificationKind } from "./kinds";

type TTx = Prisma.TransactionClient;

/** What a producer says about one event (docs/notifications.md). */
export interface TNotifyInput {
  kind: TNotificationKind;
  /**
   * The event it is about, unique per account: the same key never makes a second notification
   * (for example `mention:<comment id>`, `invitation:<invitation id>`).
   */
  subjectKey: string;
  title: string;
  body?: string;
  /** Where it leads in the workspace: a path starting with a single `/`. */
  url: string;
  cardId?: number;
  savedFilterId?: number;
  radarUpdateId?: number;
  data?: unknown;
  /**
   * The e-mail delivery skips it: the event already reached the account by e-mail (an invitation's
   * own message), or is not to be e-mailed (an invitation its team's daily e-mail cap held back).
   */
  emailed?: boolean;
}

const MAX_TITLE = 200;
const MAX_BODY = 1000;

function checkInput(n: TNotifyInput): void {
  if (!n.subjectKey || n.subjectKey.length > 300) throw new Error("notify: subjectKey must be 1-300 characters");
  if (!n.url.startsWith("/") || n.url.startsWith("//")) throw new Error("notify: url must be a workspace path");
}

/**
 * Records a notification for `accountId` (in the caller's transaction when given one), once per
 * subject: answers the new row's id, or null when that subject was notified already. The entry
 * point of other domains (teams: mentions and invitations).
 */
export async function notify(db: TDb | TTx, accountId: number, n: TNotifyInput): Promise<number | null> {
  checkInput(n);
  const rows = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO notification (account_id, kind, subject_key, title, body, url, card_id, saved_filter_id, radar_update_id, data, emailed_at)
    VALUES (${accountId}, ${n.kind}, ${n.subjectKey}, ${n.title.slice(0, MAX_TITLE)}, ${(n.body ?? "").slice(0, MAX_BODY)}, ${n.url},
            ${n.cardId ?? null}, ${n.savedFilterId ?? null}, ${n.radarUpdateId ?? null},
            ${n.data === undefined ? null : JSON.stringify(n.data)}::jsonb, CASE WHEN ${n.emailed === true} THEN now() END)
    ON CONFLICT (account_id, subject_key) DO NOTHING
    RETURNING id`;
  return rows[0]?.id ?? null;
}
