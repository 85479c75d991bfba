"use client";

import { useEffect, useRef, useState } from "react";
import { Choice, DateValue, MultiSelect, TextValue, type TOption } from "../../_ui/filters";
import { useSearchShortcut } from "../../_ui/use-search-shortcut";
import { listParam, type TUrlParams } from "../../_ui/use-url-params";
import { CLASSIFICATIONS, PATHS, STATUSES } from "./profile-types";

type TSet = (patch: Record<string, string | undefined>) => void;

const SORTS = [
  { value: "", label: "Newest first" },
  { value: "created_at:asc", label: "Oldest first" },
  { value: "updated_at:desc", label: "Recently updated" },
  { value: "name:asc", label: "Name A–Z" },
];

/**
 * The profile list's filters (GET /v1/network_a/profiles/), each written to the URL. On a
 * collection's page the collection is fixed and status does not apply (the spec ignores it there).
 */
export function ProfileFilters(props: { params: TUrlParams; set: TSet; collections?: TOption[] }) {
  const { params, set } = props;
  const searchRef = useRef<HTMLInputElement>(null);
  useSearchShortcut(searchRef);
  const [search, setSearch] = useState(params.search ?? "");
  const prev = useRef(params.search);
  useEffect(() => {
    if (prev.current !== params.search) setSearch(params.search ?? "");
    prev.current = params.search;
  }, [params.search]);
  const list = (key: string) => listParam(params[key]);
  const setList = (key: string) => (v: string[]) => set({ [key]: v.join(",") || undefined });
  const sort = params.sort ?? "";
  const known = SORTS.some((s) => s.value === sort);

  return (
    <div className="mt-4 space-y-2">
      <form
        role="search"
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          set({ search: search.trim() || undefined });
        }}
      >
        <input
          ref={searchRef}
          aria-label="Search founders"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name, headline, summary  ( / )"
          className="w-full max-w-md rounded border border-slate-300 px-3 py-1.5 text-sm sm:w-80"
        />
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">Search</button>
      </form>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
        <MultiSelect label="Classification" options={CLASSIFICATIONS} value={list("classification")} onChange={setList("classification")} />
        <MultiSelect label="Path" options={PATHS} value={list("path")} onChange={setList("path")} />
        {props.collections && (
          <>
            <Choice label="Status" value={params.status ?? ""} options={STATUSES} onChange={(v) => set({ status: v || undefined })} />
            <MultiSelect label="Collections" options={props.collections} value={list("collection")} onChange={setList("collection")} />
          </>
        )}
        <TextValue
          label="Tags"
          value={params.tags}
          placeholder="Acme, Example University"
          hint="Comma-separated; a profile matches when it has any of them (exact names)."
          onChange={(v) => set({ tags: v })}
        />
        <DateValue label="Added since" inputLabel="Created on or after" value={params.created_at} onChange={(v) => set({ created_at: v })} />
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
