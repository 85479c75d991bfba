"use client";

import { memo } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { Badge } from "~/app/_ui/badge";
import { Button } from "~/app/_ui/button";
import { Choice, Toggle } from "~/app/_ui/filters";
import { useToast } from "~/app/_ui/toast";
import { AlertMe } from "../notifications/alert-me";
import { useFilterNews, useRefreshSavedFilters } from "./saved-filter-queries";

type TSet = (patch: Record<string, string | undefined>) => void;

/**
 * The saved filter of /cards (`filter_id` in the URL) and its "what's new": how many of its cards
 * were added since the caller last marked it seen (those rows carry a "New" mark), "Only new" to
 * list just them (`only_new`), and "Mark seen", the one way to mark them seen: opening the filter
 * does not. The seen mark and "Alert me" are each member's own on a team's shared filter.
 */
export const SavedFilterBar = memo(function SavedFilterBar({ params, set }: { params: Record<string, string>; set: TSet }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useRefreshSavedFilters();
  const filters = useQuery(trpc.user.filters.list.queryOptions());
  const id = Number(params.filter_id);
  const selected = Number.isInteger(id) && id > 0 ? id : null;
  const news = useFilterNews(selected);
  const name = filters.data?.find((f) => f.id === selected)?.name ?? "this filter";
  const seen = useMutation(
    trpc.cards.markFilterSeen.mutationOptions({
      onSuccess: () => {
        toast(`Marked the new cards of "${name}" as seen.`);
        set({ only_new: undefined });
        void refresh();
      },
      onError: (e) => toast(`Could not mark them seen: ${e.message}`, "error"),
    }),
  );
  const newCount = news.count;
  // "Alert me" and "Mark seen" are the caller's own, on their filters and on the team's shared ones alike.
  const listed = (filters.data ?? []).some((f) => f.id === selected);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="saved-filter-bar">
      <Choice
        label="Saved filter"
        value={selected !== null ? String(selected) : ""}
        options={[{ value: "", label: "No saved filter" }, ...(filters.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))]}
        onChange={(v) => set({ filter_id: v || undefined, only_new: undefined })}
      />
      {selected !== null && newCount !== undefined && (
        <>
          <Badge tone={newCount > 0 ? "success" : "neutral"} className="text-sm font-medium" testId="new-count">
            {newCount.toLocaleString("en")} new
          </Badge>
          <span className="text-xs text-slate-600">since {news.since?.slice(0, 10)}</span>
          <Toggle label="Only new" checked={params.only_new === "true"} onChange={(on) => set({ only_new: on ? "true" : undefined })} />
          <Button onClick={() => seen.mutate({ id: String(selected) })} disabled={seen.isPending || newCount === 0}>
            Mark seen
          </Button>
          {listed && <AlertMe id={selected} name={name} />}
        </>
      )}
      {selected !== null && news.error && <span className="text-sm text-rose-800">{news.error.message}</span>}
    </div>
  );
});
