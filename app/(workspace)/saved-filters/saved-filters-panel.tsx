"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useMemo } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { DataTable } from "~/app/_ui/data-table";
import type { TColumn } from "~/app/_ui/table-column";
import { RenameDelete } from "~/app/_ui/rename-delete";
import { storedToQuery } from "../cards/list-params";
import { useRefreshSavedFilters } from "../cards/saved-filter-queries";
import { windowText } from "~/app/_ui/filters";
import { useToast } from "~/app/_ui/toast";
import { Badge } from "~/app/_ui/badge";
import { AlertMe } from "../notifications/alert-me";
import { SharedBy, ShareToggle, useMayManage } from "../share-toggle";

/** A saved filter with its counts: optional in the list's schema (include_counts only), always asked for here. */
type TStatus = {
  id: number;
  name: string;
  params: Record<string, unknown>;
  matching?: number;
  new_since_seen?: number;
  last_seen_at?: string | null;
  visibility: "private" | "team";
  owner: { id: number; email: string };
};

/** A saved filter's parameters in words, for the list (e.g. "stages: seed, pre-seed · trending · created: last 30 days"). */
function describe(params: Record<string, unknown>): string {
  const parts = Object.entries(storedToQuery(params)).map(([k, v]) => {
    if (k.endsWith("_within_days")) return `${k.replace(/_within_days$/, "").replace(/_/g, " ")}: ${windowText(v)}`;
    return v === "true" ? k.replace(/_/g, " ") : `${k.replace(/_/g, " ")}: ${v.replace(/,/g, ", ")}`;
  });
  return parts.join(" · ") || "all cards";
}

/** Where a saved filter opens: /cards with it selected (its new cards marked there). */
const openHref = (f: TStatus) => `/cards?filter_id=${f.id}`;

/**
 * /saved-filters: the caller's saved filters and the team's shared ones (the same objects as GET /v1/cards/filters/), with
 * how many cards match each now and how many are new since the caller last marked them seen. A name is
 * a link to /cards with the filter selected (it can open in a new tab); opening it marks nothing
 * seen: that is the explicit "Mark seen" on /cards. "Alert me" notifies its new cards (alert-me.tsx).
 * Both are the caller's own: on a team's shared filter each member has their own mark and alert.
 */
export function SavedFiltersPanel() {
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const status = useQuery(trpc.cards.filters.queryOptions({ include_counts: true }));
  const refresh = useRefreshSavedFilters();
  const { mutateAsync: rename } = useMutation(trpc.user.filters.rename.mutationOptions({ onSuccess: refresh }));
  const { mutateAsync: remove } = useMutation(trpc.user.filters.delete.mutationOptions({ onSuccess: refresh }));
  const { mutateAsync: share } = useMutation(
    trpc.user.filters.share.mutationOptions({
      onSuccess: (f) => {
        toast(f.visibility === "team" ? `Saved filter "${f.name}" shared with your team.` : `Saved filter "${f.name}" is private again.`);
        void refresh();
      },
    }),
  );
  const open = useCallback((f: TStatus) => router.push(openHref(f)), [router]);

  // Rename and Delete only for those the server lets do them (its rule: useMayManage).
  const may = useMayManage();

  // Stable columns: a cell is rendered as a component, so a new function each render would reset its state (an open rename form).
  const columns = useMemo(
    (): TColumn<TStatus>[] => [
      {
        id: "name",
        meta: { label: "Name", fixed: true },
        cell: ({ row }) => (
          <Link href={openHref(row.original)} prefetch={false} className="font-medium text-sky-800 underline">
            {row.original.name}
          </Link>
        ),
      },
      { id: "filter", meta: { label: "Filter", className: "max-w-80 text-slate-700" }, cell: ({ row }) => describe(row.original.params) },
      {
        id: "matching",
        meta: { label: "Matching now", className: "text-right" },
        cell: ({ row }) => (row.original.matching ?? 0).toLocaleString("en"),
      },
      {
        id: "new",
        meta: { label: "New since last seen", className: "text-right" },
        cell: ({ row }) => {
          const fresh = row.original.new_since_seen ?? 0;
          return fresh > 0 ? (
            <Badge tone="success" className="font-medium">
              {fresh.toLocaleString("en")} new
            </Badge>
          ) : (
            "0"
          );
        },
      },
      { id: "seen", meta: { label: "Last marked seen" }, cell: ({ row }) => row.original.last_seen_at?.slice(0, 10) ?? "never" },
      {
        id: "alert",
        meta: { label: "Alert", fixed: true },
        cell: ({ row }) => <AlertMe id={row.original.id} name={row.original.name} />,
      },
      {
        id: "shared",
        meta: { label: "Shared" },
        cell: ({ row }) => <SharedBy visibility={row.original.visibility} owner={row.original.owner} />,
      },
      {
        id: "actions",
        meta: { label: "Actions", fixed: true },
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-1">
            {may(row.original.owner.id) && (
              <RenameDelete
                name={row.original.name}
                what="saved filter"
                onRename={async (n) => {
                  await rename({ id: row.original.id, name: n });
                  toast(`Renamed the saved filter to "${n}".`);
                }}
                onDelete={async () => {
                  await remove({ id: row.original.id });
                  toast(`Deleted the saved filter "${row.original.name}".`);
                }}
              />
            )}
            <ShareToggle
              name={row.original.name}
              visibility={row.original.visibility}
              ownerId={row.original.owner.id}
              onShare={(visibility) => share({ id: row.original.id, visibility })}
            />
          </span>
        ),
      },
    ],
    [rename, remove, share, toast, may],
  );

  return (
    <div>
      <p className="mt-2 text-sm text-slate-700">
        Save a filter from the{" "}
        <Link href="/cards" className="text-sky-800 underline">
          Cards
        </Link>{" "}
        page (Save filter). Its id also works as
        <code className="mx-1 rounded bg-slate-100 px-1">filter_id</code>in the API.
      </p>
      <DataTable
        label="Saved filters"
        testId="saved-filter-table"
        data={status.data?.data}
        columns={columns}
        storageKey="vm:saved-filters:columns"
        getRowId={(f) => String(f.id)}
        busy={status.isFetching}
        error={status.error?.message}
        onRetry={() => void status.refetch()}
        onOpen={open}
        empty="No saved filter yet: set filters on the Cards page and choose Save filter."
      />
    </div>
  );
}
