import type { TDb } from "~/server/db/client";
import { mailConfigured } from "../mail/transport";
import { validationError } from "~/server/lib/errors";
import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_EMAIL,
  DEFAULT_TIME_ZONE,
  EMAIL_MODES,
  NOTIFICATION_KINDS,
  type TEmailMode,
  type TNotificationKind,
} from "./kinds";
import { canonicalTimeZone } from "./time-zones";

/**
 * An account's notification preferences: per kind, e-mail off, instant, or a daily or weekly
 * digest (in the workspace every kind is always on), and the hour and IANA time zone of its
 * digests. Stored rows override the defaults (kinds.ts). A zone is stored and answered under its
 * current IANA name, also one chosen under an old name (time-zones.ts: Asia/Calcutta is Asia/Kolkata). Without SMTP_URL the choices are kept but
 * inactive: `email_configured` says so.
 */

export interface TPreferences {
  kinds: { kind: TNotificationKind; in_app: true; email: TEmailMode }[];
  digest_hour: number;
  time_zone: string;
  email_configured: boolean;
}

export interface TPreferencesUpdate {
  kinds?: { kind: TNotificationKind; email: TEmailMode }[];
  digest_hour?: number;
  time_zone?: string;
}

/** Whether `tz` is an IANA time zone this runtime knows. */
function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export async function getPreferences(db: TDb, accountId: number): Promise<TPreferences> {
  const [rows, settings] = await Promise.all([
    db.notificationPreference.findMany({ where: { accountId } }),
    db.notificationSettings.findUnique({ where: { accountId } }),
  ]);
  const stored = new Map(rows.map((r) => [r.kind, r.email]));
  return {
    kinds: NOTIFICATION_KINDS.map((kind) => {
      const email = stored.get(kind);
      return {
        kind,
        in_app: true as const,
        email: (EMAIL_MODES as readonly string[]).includes(email ?? "") ? (email as TEmailMode) : DEFAULT_EMAIL[kind],
      };
    }),
    digest_hour: settings?.digestHour ?? DEFAULT_DIGEST_HOUR,
    time_zone: canonicalTimeZone(settings?.timeZone ?? DEFAULT_TIME_ZONE),
    email_configured: mailConfigured(),
  };
}

export async function setPreferences(db: TDb, accountId: number, u: TPreferencesUpdate): Promise<TPreferences> {
  if (u.time_zone !== undefined && !isTimeZone(u.time_zone))
    throw validationError("time_zone", "must be an IANA time zone such as Europe/Berlin");
  if (u.digest_hour !== undefined && !(Number.isInteger(u.digest_hour) && u.digest_hour >= 0 && u.digest_hour <= 23))
    throw validationError("digest_hour", "must be an hour from 0 to 23");
  await db.$transaction(async (tx) => {
    for (const k of u.kinds ?? []) {
      await tx.notificationPreference.upsert({
        where: { accountId_kind: { accountId, kind: k.kind } },
        create: { accountId, kind: k.kind, email: k.email },
        update: { email: k.email },
      });
    }
    if (u.digest_hour !== undefined || u.time_zone !== undefined) {
      const data = { digestHour: u.digest_hour, timeZone: u.time_zone === undefined ? undefined : canonicalTimeZone(u.time_zone) };
      await tx.notificationSettings.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
    }
  });
  return getPreferences(db, accountId);
}
