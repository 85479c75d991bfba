"use client";

import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Choice, Toggle } from "~/app/_ui/filters";
import { SearchForm } from "~/app/_ui/search-form";
import { useSearchShortcut } from "~/app/_ui/use-search-shortcut";
import type { TUrlParams } from "~/app/_ui/use-url-params";

type TSet = (patch: Record<string, string | undefined>) => void;

/** Each sort says what it sorts by; the default (no `sort` in the URL) is by activity. */
const SORTS = [
  { value: "", label: "Most active (signals in 30 days)" },
  { value: "monthly_signals:asc", label: "Least active (signals in 30 days)" },
  { value: "name:asc", label: "Name A–Z" },
  { value: "name:desc", label: "Name Z–A" },
];

/** The participants list's filters (GET /v1/participants/), each written to the URL (the Saved view is `saved_only`, see the explorer). */
export function ParticipantsFilters({ params, set }: { params: TUrlParams; set: TSet }) {
  const trpc = useTRPC();
  const types = useQuery(trpc.participants.types.queryOptions({}));
  const searchRef = useRef<HTMLInputElement>(null);
  useSearchShortcut(searchRef);
  const flag = (key: string, label: string) => (
    <Toggle label={label} checked={params[key] === "true"} onChange={(on) => set({ [key]: on ? "true" : undefined })} />
  );
  // "most_active" is the default spelled out (older links): the same choice.
  const sort = params.sort === "most_active" ? "" : (params.sort ?? "");
  const known = SORTS.some((s) => s.value === sort);

  return (
    <div className="mt-4 space-y-2">
      <SearchForm
        label="Search participants"
        placeholder="Search name and description  ( / )"
        params={params}
        set={set}
        inputRef={searchRef}
        semantic
      />
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
