"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Choice } from "~/app/_ui/filters";
import { useSearchShortcut } from "~/app/_ui/use-search-shortcut";
import { useUrlParams } from "~/app/_ui/use-url-params";
import { NewSinceContext } from "./card-columns";
import { CardTable } from "./card-table";
import { CardsFilters } from "./cards-filters";
import { AddToFolder, SaveFilter } from "./cards-actions";
import { FilterChips } from "./filter-chips";
import { cardListInput, LAST_LIST_KEY, onlyNewView, storedToQuery } from "./list-params";
import { SavedFilterBar } from "./saved-filter-bar";
import { activeFilterCount, effectiveParams, filterPatch } from "./saved-filter-view";
import { Button, buttonClass } from "~/app/_ui/button";

/** The sort presets, each named by what it sorts by (the spec's presets and the default). */
const PRESETS = [
  { value: "", label: "Latest signal first" },
  { value: "trending", label: "Trending: most signals" },
  { value: "recent", label: "Recently added" },
  { value: "most_active", label: "Most recent activity" },
  { value: "name:asc", label: "Name A–Z" },
];

/** /cards: the card list with every filter of GET /v1/cards/, its state in the URL. */
export function CardsExplorer() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The next view's cards are asked for at the click, while the route changes (see useUrlParams),
  // on a request of their own: a batched call would leave only after the click's render.
  const prefetch = useCallback(
    (next: Record<string, string>) => {
      const nextInput = cardListInput(next);
      const own = { trpc: { context: { skipBatch: true } } };
      if (onlyNewView(next)) void queryClient.prefetchQuery(trpc.user.filters.newCards.queryOptions(nextInput, own));
      else void queryClient.prefetchQuery(trpc.cards.list.queryOptions(nextInput, own));
    },
    [queryClient, trpc],
  );
  const { params, set, clear } = useUrlParams({ onNavigate: prefetch });
  const searchRef = useRef<HTMLInputElement>(null);
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  const filters = useQuery(trpc.user.filters.list.queryOptions());
  const savedFilter = params.filter_id ? filters.data?.find((f) => String(f.id) === params.filter_id) : undefined;
  const saved = useMemo(() => (savedFilter ? storedToQuery(savedFilter.params) : undefined), [savedFilter]);
  const effective = useMemo(() => effectiveParams(params, saved), [params, saved]);
  const onlyNew = onlyNewView(params);
  const news = useQuery({
    ...trpc.user.filters.news.queryOptions({ id: Number(params.filter_id) || 1 }),
    enabled: savedFilter !== undefined,
  });

  const input = cardListInput(params);
  const all = useQuery({ ...trpc.cards.list.queryOptions(input), placeholderData: keepPreviousData, enabled: !onlyNew });
  const fresh = useQuery({ ...trpc.user.filters.newCards.queryOptions(input), placeholderData: keepPreviousData, enabled: onlyNew });
  const cards = onlyNew ? fresh : all;
  const query = new URLSearchParams(Object.entries(params)).toString();

  // A filter change on top of a saved filter keeps it selected unless it removes one of its values.
  const setFilter = useCallback(
    (patch: Record<string, string | undefined>) => set(filterPatch(params, saved, patch)),
    [set, params, saved],
  );
  const clearAll = useCallback(() => clear(["limit", "sort"]), [clear]);

  // The card page returns here (Esc, its back link) with these filters.
  useEffect(() => {
    window.sessionStorage.setItem(LAST_LIST_KEY, query ? `/cards?${query}` : "/cards");
  }, [query]);

  useSearchShortcut(searchRef);

  const selectedIds = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);
  const hasFilters = Object.keys(params).some((k) => !["limit", "offset", "sort"].includes(k));
  const semantic = effective.semantic === "true" && !!effective.search;
  const total = cards.data?.pagination.total;
  const sortValue = PRESETS.some((p) => p.value === (params.sort ?? "")) ? (params.sort ?? "") : "custom";

  return (
    <div>
      <CardsFilters params={effective} set={setFilter} searchRef={searchRef} activeCount={activeFilterCount(effective)} />
      <SavedFilterBar params={params} set={set} />
      <FilterChips effective={effective} savedName={savedFilter?.name} set={setFilter} clearAll={clearAll} />
      <p className="mt-3 text-sm text-slate-700" aria-live="polite" data-testid="result-count">
        {cards.data
          ? total != null
            ? `${total.toLocaleString("en")} ${total === 1 ? "card" : "cards"}${onlyNew ? " new since last seen" : ""}`
            : "Cards matching these filters"
          : "Loading cards…"}
      </p>
      <NewSinceContext.Provider value={savedFilter && news.data ? Date.parse(news.data.since) : null}>
        <CardTable
          label="Cards"
          page={cards.data}
          busy={cards.isFetching}
          error={cards.error?.message}
          onRetry={() => void cards.refetch()}
          params={params}
          set={set}
          selection={selection}
          onSelectionChange={setSelection}
          empty={
            <span>
              {onlyNew ? "No new card since this filter was last marked seen." : "No card matches these filters."}{" "}
              {hasFilters && (
                <Button variant="link-accent" onClick={() => clear(["limit", "sort"])}>
                  Clear the filters
                </Button>
              )}
            </span>
          }
          toolbar={
            <>
              {semantic ? (
                <span className="text-sm text-slate-700" data-testid="sort-similarity">
                  Sorted by similarity to your search
                </span>
              ) : (
                <Choice
                  label="Sort by"
                  showLabel
                  value={sortValue}
                  options={[...PRESETS, ...(sortValue === "custom" ? [{ value: "custom", label: `Custom: ${params.sort}` }] : [])]}
                  onChange={(v) => v !== "custom" && set({ sort: v || undefined })}
                />
              )}
              <a href={`/api/cards/export${query ? `?${query}` : ""}`} className={buttonClass("secondary", "sm")} download>
                Export CSV
              </a>
              <SaveFilter params={effective} />
              <AddToFolder cardIds={selectedIds} onDone={() => setSelection({})} />
            </>
          }
        />
      </NewSinceContext.Provider>
    </div>
  );
}
