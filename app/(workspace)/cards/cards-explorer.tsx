"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "../../_trpc/client";
import { Choice } from "../../_ui/filters";
import { useSearchShortcut } from "../../_ui/use-search-shortcut";
import { useUrlParams } from "../../_ui/use-url-params";
import { CardTable } from "./card-table";
import { CardsFilters } from "./cards-filters";
import { AddToFolder, SaveFilter } from "./cards-actions";
import { cardListInput, LAST_LIST_KEY } from "./list-params";
import { Button, buttonClass } from "../../_ui/button";

const PRESETS = [
  { value: "", label: "Latest signal" },
  { value: "trending", label: "Trending" },
  { value: "recent", label: "Recently added" },
  { value: "most_active", label: "Most active" },
  { value: "name:asc", label: "Name A–Z" },
];

/** /cards: the card list with every filter of GET /v1/cards/, its state in the URL. */
export function CardsExplorer() {
  const trpc = useTRPC();
  const { params, set, clear } = useUrlParams();
  const searchRef = useRef<HTMLInputElement>(null);
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  const input = cardListInput(params);
  const cards = useQuery({ ...trpc.cards.list.queryOptions(input), placeholderData: keepPreviousData });
  const query = new URLSearchParams(Object.entries(params)).toString();

  // The card page returns here (Esc, its back link) with these filters.
  useEffect(() => {
    window.sessionStorage.setItem(LAST_LIST_KEY, query ? `/cards?${query}` : "/cards");
  }, [query]);

  useSearchShortcut(searchRef);

  const selectedIds = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);
  const hasFilters = Object.keys(params).some((k) => !["limit", "offset", "sort"].includes(k));

  return (
    <div>
      <CardsFilters params={params} set={set} searchRef={searchRef} />
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
            No card matches these filters.{" "}
            {hasFilters && (
              <Button variant="link-accent" onClick={() => clear(["limit", "sort"])}>
                Clear the filters
              </Button>
            )}
          </span>
        }
        toolbar={
          <>
            <Choice
              label="Sort"
              value={PRESETS.some((p) => p.value === (params.sort ?? "")) ? (params.sort ?? "") : "custom"}
              options={[
                ...PRESETS,
                ...(PRESETS.some((p) => p.value === (params.sort ?? "")) ? [] : [{ value: "custom", label: `Sorted: ${params.sort}` }]),
              ]}
              onChange={(v) => v !== "custom" && set({ sort: v || undefined })}
            />
            <a href={`/api/cards/export${query ? `?${query}` : ""}`} className={buttonClass("secondary", "sm")} download>
              Export CSV
            </a>
            <SaveFilter params={params} />
            <AddToFolder cardIds={selectedIds} onDone={() => setSelection({})} />
          </>
        }
      />
    </div>
  );
}
