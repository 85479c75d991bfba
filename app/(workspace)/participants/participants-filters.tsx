"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "../../_trpc/client";
import { Choice, Toggle } from "../../_ui/filters";
import { useSearchShortcut } from "../../_ui/use-search-shortcut";
import type { TUrlParams } from "../../_ui/use-url-params";

type TSet = (patch: Record<string, string | undefined>) => void;

const SORTS = [
  { value: "", label: "Name A–Z" },
  { value: "most_active", label: "Most active" },
  { value: "monthly_signals:asc", label: "Least active" },
  { value: "name:desc", label: "Name Z–A" },
];

/** The participants list's filters (GET /v1/participants/), each written to the URL (the Saved view is `saved_only`, see the explorer). */
export function ParticipantsFilters({ params, set }: { params: TUrlParams; set: TSet }) {
  const trpc = useTRPC();
  const types = useQuery(trpc.participants.types.queryOptions({}));
  const searchRef = useRef<HTMLInputElement>(null);
  useSearchShortcut(searchRef);
  const [search, setSearch] = useState(params.search ?? "");
  const prev = useRef(params.search);
  useEffect(() => {
    if (prev.current !== params.search) setSearch(params.search ?? "");
    prev.current = params.search;
  }, [params.search]);
  const flag = (key: string, label: string) => <Toggle label={label} checked={params[key] === "true"} onChange={(on) => set({ [key]: on ? "true" : undefined })} />;
  const semantic = params.semantic === "true";
  const sort = params.sort ?? "";
  const known = SORTS.some((s) => s.value === sort);

  return (
    <div className="mt-4 space-y-2">
      <form
        role="search"
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const q = search.trim();
          set({ search: q || undefined, ...(q ? {} : { semantic: undefined, min_similarity: undefined }) });
        }}
      >
        <input
          ref={searchRef}
          aria-label="Search participants"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search name and description  ( / )"
          className="w-full max-w-md rounded border border-slate-300 px-3 py-1.5 text-sm sm:w-80"
        />
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">Search</button>
        <Toggle
          label="Semantic"
          checked={semantic}
          onChange={(on) => set({ semantic: on ? "true" : undefined, ...(on && !params.search && search.trim() ? { search: search.trim() } : {}) })}
        />
        {semantic && (
          <label className="flex items-center gap-1 text-sm">
            Similarity ≥
            <input
              type="number"
              min={0}
              max={1}
              step={0.05}
              aria-label="Minimum similarity"
              defaultValue={params.min_similarity ?? "0.3"}
              onBlur={(e) => set({ min_similarity: e.target.value || undefined })}
              className="w-20 rounded border border-slate-300 px-2 py-1"
            />
          </label>
        )}
        {semantic && !params.search && <span className="text-xs text-slate-600">Semantic search needs a search text.</span>}
      </form>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
        <Choice
          label="Type"
          value={params.type ?? ""}
          options={[{ value: "", label: "All types" }, ...(types.data?.data ?? []).map((t) => ({ value: t.slug, label: t.name }))]}
          onChange={(v) => set({ type: v || undefined })}
        />
        {flag("web2", "Web2")}
        {flag("web3", "Web3")}
        <Choice
          label="Sort"
          value={known ? sort : "custom"}
          options={[...SORTS, ...(known ? [] : [{ value: "custom", label: `Sorted: ${sort}` }])]}
          onChange={(v) => v !== "custom" && set({ sort: v || undefined })}
        />
      </div>
    </div>
  );
}
