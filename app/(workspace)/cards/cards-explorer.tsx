"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Choice } from "~/app/_ui/filters";
import { useSearchShortcut } from "~/app/_ui/use-search-shortcut";
import { useUrlParams } from "~/app/_ui/use-url-params";
import { NewSinceContext } from "./card-columns";
import { CardBreakdown } from "./card-breakdown";
import { CardTable } from "./card-table";
import { CardsFilters } from "./cards-filters";
import { FolderPicker } from "~/app/(workspace)/folder-picker";
import { SaveFilter } from "./cards-actions";
import { FilterChips } from "./filter-chips";
import { STAGE_OR_ROUND, stageOrRoundText, useFilterValueNames } from "./filter-names";
import { cardListInput, LAST_LIST_KEY, newCardsInput, onlyNewView, storedToQuery } from "./list-params";
import { SavedFilterBar } from "./saved-filter-bar";
import { useFilterNews } from "./saved-filter-queries";
import { activeFilterCount, effectiveParams, filterPatch, selectSavedFilter } from "./saved-filter-view";
import { Alert } from "~/app/_ui/alert";
import { Button, buttonClass } from "~/app/_ui/button";
import { plural } from "~/server/lib/plural";

/**
 * A search by meaning answers the closest cards only, at most this many (docs/api.md: one page of
 * the list's largest size): a total that reaches it is a cap, not a count of every match.
 */
const SEMANTIC_TOP = 100;

/**
 * Whether a list's error says that its `filter_id` cannot be used: the card list refuses it by name
 * (400 naming filter_id), a saved filter's new cards answer it is not found (404).
 */
function refusesFilter(data: { appCode?: string; details?: unknown } | null | undefined, onlyNew: boolean): boolean {
  if (!data) return false;
  if (onlyNew && data.appCode === "not_found") return true;
  return data.appCode === "validation_error" && typeof data.details === "object" && data.details !== null && "filter_id" in data.details;
}

/**
 * The result count in words: "358 cards", "Top 100 cards by similarity" at the cap of a search by
 * meaning, "new since last seen" on the Only new view, and, when stages and rounds are both set,
 * how they combined ("at stage or round Early revenue or Series A": either one matches).
 */
function countText(total: number | null | undefined, o: { semantic: boolean; onlyNew: boolean; stageOrRound?: string }): string {
  if (total == null) return "Cards matching these filters";
  const since = o.onlyNew ? " new since last seen" : "";
  const how = o.stageOrRound ? `, at ${STAGE_OR_ROUND.toLowerCase()} ${o.stageOrRound}` : "";
  if (o.semantic && total >= SEMANTIC_TOP) return `Top ${SEMANTIC_TOP} cards by similarity${since}${how}`;
  return `${plural(total, "card")}${since}${how}`;
}

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
      const own = { trpc: { context: { skipBatch: true } } };
      if (onlyNewView(next)) void queryClient.prefetchQuery(trpc.cards.filterNewCards.queryOptions(newCardsInput(next), own));
      else void queryClient.prefetchQuery(trpc.cards.list.queryOptions(cardListInput(next), own));
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
  const news = useFilterNews(savedFilter ? savedFilter.id : null);

  const all = useQuery({ ...trpc.cards.list.queryOptions(cardListInput(params)), placeholderData: keepPreviousData, enabled: !onlyNew });
  const fresh = useQuery({
    ...trpc.cards.filterNewCards.queryOptions(newCardsInput(params)),
    placeholderData: keepPreviousData,
    enabled: onlyNew,
  });
  const cards = onlyNew ? fresh : all;
  // The selected saved filter is not one the caller may use (deleted, never theirs, no longer
  // shared with them): said once, with a way out that keeps the rest of the view.
  const filterRefused = params.filter_id !== undefined && refusesFilter(cards.error?.data, onlyNew);
  const query = new URLSearchParams(Object.entries(params)).toString();

  // A filter change on top of a saved filter keeps it selected unless it removes one of its values.
  const setFilter = useCallback(
    (patch: Record<string, string | undefined>) => set(filterPatch(params, saved, patch)),
    [set, params, saved],
  );
  // A saved view becomes the selected saved filter.
  const onSaved = useCallback((id: number) => set(selectSavedFilter(params, id)), [set, params]);
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
  const valueNames = useFilterValueNames();
  const stageOrRound = stageOrRoundText(effective, valueNames);
  const bothStageAndRound = effective.stages !== undefined && effective.rounds !== undefined;
  const sortValue = PRESETS.some((p) => p.value === (params.sort ?? "")) ? (params.sort ?? "") : "custom";

  return (
    <div>
      <CardsFilters params={effective} set={setFilter} searchRef={searchRef} activeCount={activeFilterCount(effective)} />
      <SavedFilterBar params={params} set={set} />
      <FilterChips effective={effective} savedName={savedFilter?.name} set={setFilter} clearAll={clearAll} />
      {filterRefused && (
        <Alert boxed className="mt-3" testId="filter-refused">
          This saved filter is not available to you: it was deleted, or it is no longer shared with you.{" "}
          <Button variant="link-inherit" onClick={() => set({ filter_id: undefined, only_new: undefined, offset: undefined })}>
            Remove this filter
          </Button>
        </Alert>
      )}
      {!filterRefused && (
        <p className="mt-3 text-sm text-slate-700" aria-live="polite" data-testid="result-count">
          {cards.data
            ? countText(total, { semantic, onlyNew, stageOrRound: bothStageAndRound ? stageOrRound : undefined })
            : "Loading cards…"}
        </p>
      )}
      {!filterRefused && !onlyNew && <CardBreakdown params={params} />}
      <NewSinceContext.Provider value={news.since ? Date.parse(news.since) : null}>
        {!filterRefused && (
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
                <SaveFilter params={effective} onSaved={onSaved} />
                <FolderPicker cardIds={selectedIds} onAdded={() => setSelection({})} />
              </>
            }
          />
        )}
      </NewSinceContext.Provider>
    </div>
  );
}
