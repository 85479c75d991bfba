"use client";

/**
 * The list a record was opened from, kept in this tab's sessionStorage (not in the URL: a record's
 * address stays the same link whichever list it was reached from, and the trail belongs to the tab
 * that browsed the list). A table writes it when a row is opened (a click on a link in the row, or
 * Enter); the record page reads it for `[`/`]` (the previous and next row of that list), and the
 * table reads it back when the same list is shown again (Back) to bring the opened row into view
 * and focus it.
 */

export const LIST_TRAIL_KEY = "vm:list-trail";

export interface TListTrail {
  /** The list's address (path and query) when the row was opened. */
  list: string;
  /** Each row's address (its first link), in the list's order. */
  items: string[];
  /** Each row's id, in the same order. */
  ids: string[];
  /** The opened row's id (the table's getRowId). */
  opened: string;
  /** Set once the list has restored the opened row, so a later visit does not jump to it again. */
  restored?: boolean;
}

export function currentAddress(): string {
  return window.location.pathname + window.location.search;
}

export function readListTrail(): TListTrail | null {
  try {
    const raw = window.sessionStorage.getItem(LIST_TRAIL_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as TListTrail;
    return typeof v.list === "string" && Array.isArray(v.items) && Array.isArray(v.ids) && typeof v.opened === "string" ? v : null;
  } catch {
    return null;
  }
}

export function writeListTrail(trail: TListTrail): void {
  try {
    window.sessionStorage.setItem(LIST_TRAIL_KEY, JSON.stringify(trail));
  } catch {
    // Storage disabled or full: no trail, the lists and records still work.
  }
}

/** The row's address: its first link (the name column's link to the record). */
export function rowHref(tr: Element): string | null {
  const a = tr.querySelector<HTMLAnchorElement>("a[href]");
  if (!a) return null;
  const url = new URL(a.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname + url.search : null;
}

/** The neighbours of `path` in the trail, when the page at `path` was reached from a list. */
export function trailNeighbours(path: string): { list: string; index: number; count: number; prev?: string; next?: string } | null {
  const trail = readListTrail();
  if (!trail) return null;
  const index = trail.items.indexOf(path);
  if (index < 0) return null;
  return { list: trail.list, index, count: trail.items.length, prev: trail.items[index - 1], next: trail.items[index + 1] };
}

/** Moving to another record of the trail (`[`/`]`): that row is the one to come back to. */
export function moveInTrail(path: string): void {
  const trail = readListTrail();
  const index = trail ? trail.items.indexOf(path) : -1;
  if (trail && index >= 0) writeListTrail({ ...trail, opened: trail.ids[index]!, restored: false });
}
