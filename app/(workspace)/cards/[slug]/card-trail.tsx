"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { LIST_TRAIL_KEY, moveInTrail, trailNeighbours } from "~/app/_ui/list-trail";
import { useStoredString } from "~/app/_ui/use-browser-store";
import { isTyping, useWindowKeys } from "~/app/_ui/use-window-keys";

/**
 * The card's place in the list it was opened from (this tab's list trail, app/_ui/list-trail.ts):
 * null when the card was not reached from a list (a shared link, a similar card).
 */
export function useCardTrail(slug: string) {
  const [raw] = useStoredString("sessionStorage", LIST_TRAIL_KEY);
  // `raw` is the trail's stored text: read again whenever it changes.
  return useMemo(() => (raw ? trailNeighbours(`/cards/${slug}`) : null), [raw, slug]);
}

/**
 * Previous and next card of that list, as links and as the `[` and `]` keys; the card moved to
 * becomes the row the list brings back into view.
 */
export function CardTrail({ slug }: { slug: string }) {
  const router = useRouter();
  const trail = useCardTrail(slug);
  useWindowKeys((e) => {
    if (!trail || e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target)) return;
    const to = e.key === "[" ? trail.prev : e.key === "]" ? trail.next : undefined;
    if (to) {
      e.preventDefault();
      moveInTrail(to);
      router.push(to);
    }
  });
  if (!trail) return null;
  const step = "rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50";
  return (
    <nav aria-label="Cards of the list" className="flex items-center gap-2 text-sm" data-testid="card-trail">
      {trail.prev ? (
        <Link href={trail.prev} onClick={() => moveInTrail(trail.prev!)} className={step} aria-keyshortcuts="[" title="Previous card ([)">
          ← Previous
        </Link>
      ) : (
        <span className="px-2 text-slate-600">First of the list</span>
      )}
      <span className="text-slate-600">
        {trail.index + 1} of {trail.count}
      </span>
      {trail.next ? (
        <Link href={trail.next} onClick={() => moveInTrail(trail.next!)} className={step} aria-keyshortcuts="]" title="Next card (])">
          Next →
        </Link>
      ) : (
        <span className="px-2 text-slate-600">Last of the list</span>
      )}
    </nav>
  );
}
