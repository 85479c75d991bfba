"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { buttonClass } from "~/app/_ui/button";
import { LIST_TRAIL_KEY, moveInTrail, trailNeighbours, writeListTrail } from "~/app/_ui/list-trail";
import { useStoredString } from "~/app/_ui/use-browser-store";
import { isTyping, useWindowKeys } from "~/app/_ui/use-window-keys";
import { cardListInput, DEFAULT_LIMIT, LAST_LIST_KEY, newCardsInput } from "../list-params";

/**
 * The card's place in the list it was opened from (this tab's list trail, app/_ui/list-trail.ts):
 * null when the card was not reached from a list (a shared link, a similar card).
 */
export function useCardTrail(slug: string) {
  const [raw] = useStoredString("sessionStorage", LIST_TRAIL_KEY);
  // `raw` is the trail's stored text: read again whenever it changes.
  return useMemo(() => (raw ? trailNeighbours(`/cards/${slug}`) : null), [raw, slug]);
}

type TTrail = NonNullable<ReturnType<typeof useCardTrail>>;
interface TCardPage {
  data: { id: number; slug: string }[];
  pagination: { total?: number | null };
}

/** The /cards list a trail was written on: its URL parameters and paging (null for other lists). */
function cardsList(trail: TTrail | null) {
  if (!trail) return null;
  const url = new URL(trail.list, "http://list.invalid");
  if (url.pathname !== "/cards") return null;
  const params = Object.fromEntries(url.searchParams.entries());
  return {
    params,
    onlyNew: params.filter_id !== undefined && params.only_new === "true",
    offset: Math.max(0, Number(params.offset) || 0),
    limit: Math.max(1, Number(params.limit) || DEFAULT_LIMIT),
  };
}

/**
 * The pages of a /cards list around the trail: the shown page (its total, usually from the list's
 * own cache) and, when the card is the first or last row of it, the page before or after, so `[`/`]`
 * go on across pages like the list's pager does.
 */
function useListPages(trail: TTrail | null) {
  const trpc = useTRPC();
  const list = cardsList(trail);
  const options = (params: Record<string, string>, enabled: boolean) => {
    const base = list?.onlyNew
      ? trpc.cards.filterNewCards.queryOptions(newCardsInput(params))
      : trpc.cards.list.queryOptions(cardListInput(params));
    return { ...(base as unknown as { queryKey: readonly unknown[]; queryFn: () => Promise<TCardPage> }), enabled, staleTime: 30_000 };
  };
  // The list's own address form: no `offset` on the first page (the pager drops it too).
  const at = (offset: number): Record<string, string> => {
    const rest = { ...list?.params };
    delete rest.offset;
    return offset > 0 ? { ...rest, offset: String(offset) } : rest;
  };
  const shown = useQuery(options(list?.params ?? {}, !!list));
  const total = shown.data?.pagination.total ?? undefined;
  const nextOffset = list ? list.offset + (trail?.count ?? 0) : 0;
  const hasNext = !!list && !!trail && !trail.next && total !== undefined && nextOffset < total;
  const hasPrev = !!list && !!trail && !trail.prev && list.offset > 0;
  const prevOffset = list ? Math.max(0, list.offset - list.limit) : 0;
  const next = useQuery(options(at(nextOffset), hasNext));
  const prev = useQuery(options(at(prevOffset), hasPrev));
  return {
    position: list && trail ? list.offset + trail.index + 1 : undefined,
    total,
    /** The first card of the next page, with that page as the new trail. */
    next: hasNext ? crossing(next.data, at(nextOffset), "first") : undefined,
    /** The last card of the page before, with that page as the new trail. */
    prev: hasPrev ? crossing(prev.data, at(prevOffset), "last") : undefined,
    /** An adjacent page is still on its way: its step shows, disabled. */
    nextPending: hasNext && !next.data,
    prevPending: hasPrev && !prev.data,
  };
}

function crossing(page: TCardPage | undefined, params: Record<string, string>, which: "first" | "last") {
  const card = page?.data[which === "first" ? 0 : page.data.length - 1];
  if (!page || !card) return undefined;
  return {
    href: `/cards/${card.slug}`,
    follow() {
      const query = new URLSearchParams(params).toString();
      const list = query ? `/cards?${query}` : "/cards";
      // The card page's way back (Esc, its back link) is now that page of the list.
      window.sessionStorage.setItem(LAST_LIST_KEY, list);
      writeListTrail({
        list,
        items: page.data.map((c) => `/cards/${c.slug}`),
        ids: page.data.map((c) => String(c.id)),
        opened: String(card.id),
      });
    },
  };
}

/**
 * Previous and next card of that list, as links and as the `[` and `]` keys; the card moved to
 * becomes the row the list brings back into view. On a /cards list they go on to the next or
 * previous page.
 */
export function CardTrail({ slug }: { slug: string }) {
  const router = useRouter();
  const trail = useCardTrail(slug);
  const pages = useListPages(trail);
  const prev = trail?.prev ? { href: trail.prev, follow: () => moveInTrail(trail.prev!) } : pages.prev;
  const next = trail?.next ? { href: trail.next, follow: () => moveInTrail(trail.next!) } : pages.next;
  useWindowKeys((e) => {
    if (!trail || e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target)) return;
    const to = e.key === "[" ? prev : e.key === "]" ? next : undefined;
    if (to) {
      e.preventDefault();
      to.follow();
      router.push(to.href);
    }
  });
  if (!trail) return null;
  const step = buttonClass("secondary", "sm");
  return (
    <nav aria-label="Cards of the list" className="flex items-center gap-2 text-sm" data-testid="card-trail">
      {prev ? (
        <Link href={prev.href} onClick={prev.follow} className={step} aria-keyshortcuts="[" title="Previous card ([)">
          ← Previous
        </Link>
      ) : (
        <EdgeStep pending={pages.prevPending} text="← Previous" edge="First of the list" />
      )}
      <span className="text-slate-600">
        {pages.position ?? trail.index + 1} of {pages.total ?? trail.count}
      </span>
      {next ? (
        <Link href={next.href} onClick={next.follow} className={step} aria-keyshortcuts="]" title="Next card (])">
          Next →
        </Link>
      ) : (
        <EdgeStep pending={pages.nextPending} text="Next →" edge="Last of the list" />
      )}
    </nav>
  );
}

/** The end of the list, or a step to an adjacent page not loaded yet. */
function EdgeStep({ pending, text, edge }: { pending: boolean; text: string; edge: string }) {
  return pending ? (
    <span className="px-2 text-slate-600" aria-disabled="true">
      {text}
    </span>
  ) : (
    <span className="px-2 text-slate-600">{edge}</span>
  );
}
