"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "~/app/_trpc/client";

/**
 * The saved filter reads and refreshes /cards and /saved-filters share. They call the procedures of
 * GET /v1/cards/filters/ and GET /v1/cards/filters/{id}/new/, as API clients and MCP tools do.
 */

/** One row of a saved filter's new cards: enough for their total and the instant they count from. */
const countInput = (id: number) => ({ id: String(id), limit: "1", fields: "id" });

/**
 * What is new in saved filter `id` for the caller: how many of its cards (`count`) and since when
 * (`since`, ISO 8601), under one query key wherever it is shown. `id` null: no filter, nothing read.
 */
export function useFilterNews(id: number | null) {
  const trpc = useTRPC();
  const news = useQuery({ ...trpc.cards.filterNewCards.queryOptions(countInput(id ?? 1)), enabled: id !== null });
  const page = id !== null ? news.data : undefined;
  return { count: page?.pagination.total ?? undefined, since: page?.meta.since, error: id !== null ? news.error : null };
}

/**
 * Refreshes every view of the caller's saved filters after one changes (saved, renamed, shared,
 * deleted, marked seen): the filter lists, their counts and their new cards.
 */
export function useRefreshSavedFilters() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [trpc.user.filters.pathKey(), trpc.cards.filters.pathKey(), trpc.cards.filterNewCards.pathKey()].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      ),
    [qc, trpc],
  );
}
