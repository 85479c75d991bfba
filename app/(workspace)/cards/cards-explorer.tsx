"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "../../_trpc/client";
import { DataTable } from "../../_ui/data-table";
import { Choice } from "../../_ui/filters";
import { Pager } from "../../_ui/pager";
import { useUrlParams } from "../../_ui/use-url-params";
import { CARD_COLUMNS, CARD_COLUMNS_HIDDEN } from "./card-columns";
import { CardsFilters } from "./cards-filters";
import { AddToFolder, SaveFilter } from "./cards-actions";
import { cardListInput, DEFAULT_LIMIT, LAST_LIST_KEY } from "./list-params";

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
  const router = useRouter();
  const { params, set, clear } = useUrlParams();
  const searchRef = useRef<HTMLInputElement>(null);
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  const input = cardListInput(params);
  const cards = useQuery({ ...trpc.cards.list.queryOptions(input), placeholderData: keepPreviousData });
  const limit = Number(params.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT;
  const offset = Number(params.offset ?? 0) || 0;
  const query = new URLSearchParams(Object.entries(params)).toString();

  // The card page returns here (Esc, its back link) with these filters.
  useEffect(() => {
    window.sessionStorage.setItem(LAST_LIST_KEY, query ? `/cards?${query}` : "/cards");
  }, [query]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === "/" && !(t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)))) {
        e.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const selectedIds = Object.keys(selection).filter((k) => selection[k]).map(Number);
  const hasFilters = Object.keys(params).some((k) => !["limit", "offset", "sort"].includes(k));

  return (
    <div>
      <CardsFilters params={params} set={set} searchRef={searchRef} />
      <DataTable
        label="Cards"
        testId="card-table"
        data={cards.data?.data}
        columns={CARD_COLUMNS}
        defaultHidden={CARD_COLUMNS_HIDDEN}
        storageKey="vm:cards:columns"
        getRowId={(c) => String(c.id)}
        sort={cards.data?.meta.sort ?? params.sort}
        onSort={(sort) => set({ sort })}
        busy={cards.isFetching}
        error={cards.error?.message}
        onRetry={() => void cards.refetch()}
        onOpen={(c) => router.push(`/cards/${c.slug}`)}
        selection={selection}
        onSelectionChange={setSelection}
        empty={
          <span>
            No card matches these filters.{" "}
            {hasFilters && (
              <button type="button" className="text-sky-700 underline" onClick={() => clear(["limit", "sort"])}>
                Clear the filters
              </button>
            )}
          </span>
        }
        toolbar={
          <>
            <Choice label="Sort" value={PRESETS.some((p) => p.value === (params.sort ?? "")) ? (params.sort ?? "") : "custom"} options={[...PRESETS, ...(PRESETS.some((p) => p.value === (params.sort ?? "")) ? [] : [{ value: "custom", label: `Sorted: ${params.sort}` }])]} onChange={(v) => v !== "custom" && set({ sort: v || undefined })} />
            <a href={`/api/cards/export${query ? `?${query}` : ""}`} className="rounded border border-slate-300 bg-white px-2 py-1 text-sm" download>
              Export CSV
            </a>
            <SaveFilter params={params} />
            <AddToFolder cardIds={selectedIds} onDone={() => setSelection({})} />
          </>
        }
      />
      {cards.data && (
        <Pager
          offset={offset}
          limit={limit}
          total={cards.data.pagination.total}
          hasNext={cards.data.pagination.has_next}
          onOffset={(o) => set({ offset: o ? String(o) : undefined })}
          onLimit={(l) => set({ limit: l === DEFAULT_LIMIT ? undefined : String(l) })}
        />
      )}
    </div>
  );
}
