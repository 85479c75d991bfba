import type { TChangeType, TPosition, TSnapshot } from "./types";

/**
 * Change detection (docs/radar.md): a new snapshot compared with the previous one. Tracked changes:
 * the current position (network_a), the headline (network_a) and the bio (network_b). One change
 * gives its own body variant; several at once give `combined` with one item per change.
 *
 *   career_change          body {variant: "career_change", previous, current}           (positions or null)
 *   network_b_bio_change   body {variant: "network_b_bio_change", previous_bio, current_bio}
 *   combined               body {variant: "combined", changes: [{change_type, ...fields}]}
 *
 * The spec names only those three variants, so a headline change on its own is a `combined` body
 * with a single item; its change_type (`headline_change`) says what it is.
 */

type TChangeItem =
  | { change_type: "career_change"; previous: TPosition | null; current: TPosition | null }
  | { change_type: "headline_change"; previous_headline: string | null; current_headline: string | null }
  | { change_type: "bio_change"; previous_bio: string | null; current_bio: string | null };

export type TUpdateBody =
  | { variant: "career_change"; previous: TPosition | null; current: TPosition | null }
  | { variant: "network_b_bio_change"; previous_bio: string | null; current_bio: string | null }
  | { variant: "combined"; changes: TChangeItem[] };

export interface TDetectedChange {
  change_type: TChangeType;
  description: string;
  body: TUpdateBody;
}

const norm = (s: string | null | undefined) => (s ?? "").trim().replace(/\s+/g, " ").toLowerCase();

function samePosition(a: TPosition | null, b: TPosition | null): boolean {
  if (!a || !b) return !a && !b;
  return norm(a.title) === norm(b.title) && norm(a.company) === norm(b.company);
}

function positionLabel(p: TPosition | null): string {
  if (!p) return "no current position";
  if (p.title && p.company) return `${p.title} at ${p.company}`;
  return p.title ?? p.company ?? "an unnamed position";
}

const quoted = (s: string | null) => (s ? `“${s.length > 120 ? `${s.slice(0, 117)}…` : s}”` : "nothing");

function describeItem(item: TChangeItem): string {
  switch (item.change_type) {
    case "career_change":
      if (!item.current) return `left ${positionLabel(item.previous)}`;
      return item.previous
        ? `moved from ${positionLabel(item.previous)} to ${positionLabel(item.current)}`
        : `started as ${positionLabel(item.current)}`;
    case "headline_change":
      return `changed their headline to ${quoted(item.current_headline)}`;
    case "bio_change":
      return `changed their bio to ${quoted(item.current_bio)}`;
  }
}

function changeItems(previous: TSnapshot, next: TSnapshot): TChangeItem[] {
  const items: TChangeItem[] = [];
  if (previous.source === "network_a" && next.source === "network_a") {
    const [before, after] = [previous.career?.current ?? null, next.career?.current ?? null];
    if (!samePosition(before, after)) items.push({ change_type: "career_change", previous: before, current: after });
    const [h0, h1] = [previous.profile?.headline ?? null, next.profile?.headline ?? null];
    if (norm(h0) !== norm(h1)) items.push({ change_type: "headline_change", previous_headline: h0, current_headline: h1 });
  } else if (previous.source === "network_b" && next.source === "network_b") {
    const [b0, b1] = [previous.profile?.bio ?? null, next.profile?.bio ?? null];
    if (norm(b0) !== norm(b1)) items.push({ change_type: "bio_change", previous_bio: b0, current_bio: b1 });
  }
  return items;
}

/** The update to record for this refresh, or null when nothing tracked changed. */
export function detectChange(previous: TSnapshot | null, next: TSnapshot): TDetectedChange | null {
  if (!previous) return null;
  const items = changeItems(previous, next);
  if (items.length === 0) return null;
  const who = next.name ?? previous.name ?? next.username ?? "This profile";
  const description = `${who} ${items.map(describeItem).join("; ")}.`;
  if (items.length > 1) return { change_type: "combined", description, body: { variant: "combined", changes: items } };
  const only = items[0]!;
  switch (only.change_type) {
    case "career_change":
      return {
        change_type: "career_change",
        description,
        body: { variant: "career_change", previous: only.previous, current: only.current },
      };
    case "bio_change":
      return {
        change_type: "bio_change",
        description,
        body: { variant: "network_b_bio_change", previous_bio: only.previous_bio, current_bio: only.current_bio },
      };
    case "headline_change":
      return { change_type: "headline_change", description, body: { variant: "combined", changes: [only] } };
  }
}
