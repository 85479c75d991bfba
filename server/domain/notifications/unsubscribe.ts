import { createHmac, randomBytes } from "node:crypto";
import type { TDb } from "~/server/db/client";
import { safeEqual } from "~/server/lib/token-hash";
import { NOTIFICATION_KINDS, type TNotificationKind } from "./kinds";
import type { TDigestMode } from "./digest-period";
import { getPreferences } from "./preferences";

/**
 * Unsubscribe links of notification e-mails (RFC 8058 one-click, and a page for people): a link
 * names the account and what it stops (one kind for an e-mail sent at once, or a digest: every
 * kind sent in it), signed with a key of the account's own (stored with its notification
 * settings, made with its first e-mail), so any process can make and check links and none needs a
 * sign-in. Following one turns those e-mails off; the workspace keeps every notification.
 */

export type TUnsubscribeScope = TNotificationKind | TDigestMode;

const SCOPES: readonly string[] = [...NOTIFICATION_KINDS, "daily", "weekly"];

const mac = (key: string, accountId: number, scope: string) =>
  createHmac("sha256", key).update(`unsubscribe:${accountId}:${scope}`).digest("base64url");

/** The account's signing key, made on first use (a concurrent first use keeps one of the two). */
export async function unsubscribeKey(db: TDb, accountId: number): Promise<string> {
  const made = randomBytes(24).toString("base64url");
  await db.$executeRaw`
    INSERT INTO notification_settings (account_id, unsubscribe_key, updated_at) VALUES (${accountId}, ${made}, now())
    ON CONFLICT (account_id) DO UPDATE SET unsubscribe_key = COALESCE(notification_settings.unsubscribe_key, EXCLUDED.unsubscribe_key)`;
  const row = await db.notificationSettings.findUnique({ where: { accountId }, select: { unsubscribeKey: true } });
  return row!.unsubscribeKey!;
}

/** The path of the one-click unsubscribe endpoint for this account and scope (`/api/unsubscribe/<token>`), signed with its key. */
export function unsubscribePath(key: string, accountId: number, scope: TUnsubscribeScope): string {
  return `/api/unsubscribe/${accountId}.${scope}.${mac(key, accountId, scope)}`;
}

/** What a token stands for when its signature holds: the account's e-mail and the scope; else null. */
export async function readUnsubscribeToken(
  db: TDb,
  token: string,
): Promise<{ accountId: number; email: string; scope: TUnsubscribeScope } | null> {
  const m = /^(\d{1,10})\.([a-z_]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m || !SCOPES.includes(m[2]!)) return null;
  const accountId = Number(m[1]);
  if (!Number.isSafeInteger(accountId) || accountId > 2_147_483_647) return null;
  const row = await db.notificationSettings.findUnique({
    where: { accountId },
    select: { unsubscribeKey: true, account: { select: { email: true } } },
  });
  if (!row?.unsubscribeKey || !safeEqual(mac(row.unsubscribeKey, accountId, m[2]!), m[3]!)) return null;
  return { accountId, email: row.account.email, scope: m[2] as TUnsubscribeScope };
}

/**
 * Follows a link: e-mail off for its kind, or for every kind its digest mode sends. Answers the
 * kinds turned off, or null for a token that is not valid.
 */
export async function unsubscribe(db: TDb, token: string) {
  const link = await readUnsubscribeToken(db, token);
  if (!link) return null;
  const current = new Map((await getPreferences(db, link.accountId)).kinds.map((k) => [k.kind, k.email as string]));
  const kinds = NOTIFICATION_KINDS.filter((k) => k === link.scope || current.get(k) === link.scope);
  for (const kind of kinds) {
    await db.notificationPreference.upsert({
      where: { accountId_kind: { accountId: link.accountId, kind } },
      create: { accountId: link.accountId, kind, email: "off" },
      update: { email: "off" },
    });
  }
  return { ...link, kinds };
}
