/**
 * The kinds of notification and their e-mail defaults (docs/notifications.md). In the workspace
 * every kind is always on; by e-mail each kind is off, instant, or a daily or weekly digest.
 * Intro requests have no state changes (an analyst asks; nothing answers), so there is no `intro`
 * kind until something produces one.
 */
export const NOTIFICATION_KINDS = ["saved_filter", "radar_update", "mention", "invitation"] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_MODES = ["off", "instant", "daily", "weekly"] as const;
export type TEmailMode = (typeof EMAIL_MODES)[number];

/** Mentions and invitations at once, saved filters and radar as a daily digest. */
export const DEFAULT_EMAIL: Readonly<Record<TNotificationKind, TEmailMode>> = {
  saved_filter: "daily",
  radar_update: "daily",
  mention: "instant",
  invitation: "instant",
};

export const DEFAULT_DIGEST_HOUR = 8;
export const DEFAULT_TIME_ZONE = "UTC";
