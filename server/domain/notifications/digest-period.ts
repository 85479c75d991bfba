/**
 * When a digest is due (docs/notifications.md): a daily digest at the account's hour in its time
 * zone, a weekly one on Mondays at that hour. A period is named by the local date of its start
 * (`daily:2026-11-28`, `weekly:2026-11-23`), so a digest is sent once per period whatever the
 * number of runs, and one missed while the service was down goes out at the next run.
 */

export type TDigestMode = "daily" | "weekly";

interface TLocal {
  year: number;
  month: number;
  day: number;
  hour: number;
  /** 1 Monday ... 7 Sunday */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function localParts(at: Date, timeZone: string): TLocal {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    weekday: "short",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    hour: Number(get("hour")),
    weekday: WEEKDAYS[get("weekday")] ?? 1,
  };
}

/** The instant the clocks of `timeZone` show this local date and hour (the later one in a DST fold). */
function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wanted = Date.UTC(year, month - 1, day, hour);
  let at = wanted;
  // Two corrections settle the zone's offset, also next to a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(at), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour);
    at += wanted - shown;
  }
  return new Date(at);
}

/** The calendar date `days` after (or before) the given one, as numbers. */
function addDays(year: number, month: number, day: number, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const isoDate = (d: { year: number; month: number; day: number }) =>
  `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/**
 * The digest period `now` falls in: its key and its start (the latest local `hour`:00, on a Monday
 * for a weekly digest, at or before `now`). A digest holds what was notified up to its start.
 */
export function digestPeriod(now: Date, mode: TDigestMode, hour: number, timeZone: string): { key: string; start: Date } {
  const local = localParts(now, timeZone);
  let back = mode === "daily" ? 0 : local.weekday - 1;
  if (back === 0 && local.hour < hour) back = mode === "daily" ? 1 : 7;
  const date = addDays(local.year, local.month, local.day, -back);
  return { key: `${mode}:${isoDate(date)}`, start: zonedInstant(date.year, date.month, date.day, hour, timeZone) };
}
