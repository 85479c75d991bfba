/**
 * Rolling date windows of the card filter: `created_within_days=N` (and the same for updated,
 * last_interaction and first_interaction) means "on or after the UTC day N days before today". A
 * saved filter stores the window itself, so "last 30 days" stays the last 30 days; it is resolved
 * into a date at each request. With the field's `*_after` also given, both hold (the later day wins).
 */

export const MAX_WINDOW_DAYS = 3650;

const DAY_MS = 86_400_000;

/** Each date field of the card filter with its `*_after`, `*_before` and window parameters. */
export const DATE_FIELDS = [
  { after: "created_after", before: "created_before", window: "created_within_days" },
  { after: "updated_after", before: "updated_before", window: "updated_within_days" },
  { after: "last_interaction_after", before: "last_interaction_before", window: "last_interaction_within_days" },
  { after: "first_interaction_after", before: "first_interaction_before", window: "first_interaction_within_days" },
] as const;

/** 00:00 UTC of the day `days` days before `now`'s UTC day. */
export function windowStart(days: number, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - days * DAY_MS);
}

/** The later of an explicit lower bound and a window's start (a window alone gives its start). */
export function lowerBound(after: Date | undefined, days: number | undefined, now: Date): Date | undefined {
  if (days === undefined) return after;
  const start = windowStart(days, now);
  return after && after > start ? after : start;
}
