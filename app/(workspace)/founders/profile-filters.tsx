"use client";

import { useRef } from "react";
import { Choice, DateValue, TextValue, type TOption } from "~/app/_ui/filters";
import { MultiSelect } from "~/app/_ui/list-select";
import { SearchForm } from "~/app/_ui/search-form";
import { useSearchShortcut } from "~/app/_ui/use-search-shortcut";
import { listParam, type TUrlParams } from "~/app/_ui/use-url-params";
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
  const list = (key: string) => listParam(params[key]);
  const setList = (key: string) => (v: string[]) => set({ [key]: v.join(",") || undefined });
  const sort = params.sort ?? "";
  const known = SORTS.some((s) => s.value === sort);

  return (
    <div className="mt-4 space-y-2">
      <SearchForm label="Search founders" placeholder="Name, headline, summary  ( / )" params={params} set={set} inputRef={searchRef} />
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
        <DateValue
          label="Added since"
          inputLabel="Created on or after"
          value={params.created_at}
          onChange={(v) => set({ created_at: v })}
        />
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
