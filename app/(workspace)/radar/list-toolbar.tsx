"use client";

import { useId } from "react";
import { Button } from "~/app/_ui/button";
import { Choice } from "~/app/_ui/filters";
import { Input } from "~/app/_ui/input";
import { useDraft } from "~/app/_ui/use-draft";
import type { TUrlParams } from "~/app/_ui/use-url-params";
import { ClientForm } from "~/app/_ui/client-form";

/** Search and tracking filter of the radar lists (REST q and is_tracking), plus `extra` controls. */
export function ListToolbar(props: {
  what: string;
  params: TUrlParams;
  set: (p: Record<string, string | undefined>) => void;
  extra?: React.ReactNode;
}) {
  const [q, setQ] = useDraft(props.params.q ?? "");
  const id = useId();
  return (
    <>
      <ClientForm
        role="search"
        className="flex gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          props.set({ q: q.trim() || undefined });
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search {props.what}
        </label>
        <Input id={id} value={q} onChange={(e) => setQ(e.target.value)} placeholder={`Search ${props.what}`} className="w-40" />
        <Button type="submit">Search</Button>
      </ClientForm>
      <Choice
        label="Filter by tracking"
        value={props.params.is_tracking ?? ""}
        options={[
          { value: "", label: "Tracked or not" },
          { value: "true", label: "Tracked" },
          { value: "false", label: "Not tracked" },
        ]}
        onChange={(v) => props.set({ is_tracking: v || undefined })}
      />
      {props.extra}
    </>
  );
}

/** The DataTable's `field:dir` sort from the lists' sort and order parameters, and back. */
export const tableSort = (params: TUrlParams, meta?: { sort: string; order: string }) =>
  meta ? `${meta.sort}:${meta.order}` : params.sort ? `${params.sort}:${params.order ?? "desc"}` : undefined;
export const sortPatch = (s: string) => {
  const [sort, order] = s.split(":");
  return { sort, order };
};
