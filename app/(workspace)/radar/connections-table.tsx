"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { ConfirmButton } from "~/app/_ui/confirm-button";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import type { TColumn } from "~/app/_ui/table-column";
import { Checkbox } from "~/app/_ui/input";
import { PagedTable } from "~/app/_ui/paged-table";
import type { TUrlParams } from "~/app/_ui/use-url-params";
import { ListToolbar, sortPatch, tableSort } from "./list-toolbar";
import { DEFAULT_LIMIT, listInput } from "./radar-params";
import { connectionName, day, type TConnection } from "./radar-types";
import { useRadarRefresh } from "./use-radar";

/** The connections of a network: tracking toggles, row selection with bulk tracking and bulk delete. */
export function ConnectionsTable(props: { params: TUrlParams; set: (p: Record<string, string | undefined>) => void }) {
  const { params, set } = props;
  const trpc = useTRPC();
  const refresh = useRadarRefresh();
  const input = listInput(params);
  const list = useQuery({ ...trpc.radar.listConnections.queryOptions(input), placeholderData: keepPreviousData });
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const tracking = useMutation(trpc.radar.connectionTracking.mutationOptions());
  const bulkTracking = useMutation(trpc.radar.bulkConnectionTracking.mutationOptions());
  const disconnect = useMutation(trpc.radar.disconnect.mutationOptions());
  const bulkDelete = useMutation(trpc.radar.bulkDisconnect.mutationOptions());
  const selected = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);
  const key = JSON.stringify(input);

  // Another page, filter or network: the selection was of other rows (reset while rendering, as React advises for state that follows a prop).
  const [selectionKey, setSelectionKey] = useState(key);
  if (selectionKey !== key) {
    setSelectionKey(key);
    setSelection({});
  }

  const run = (p: Promise<unknown>, done?: (r: unknown) => string | null) =>
    p
      .then(
        (r) => {
          setError(null);
          setNotice(done ? done(r) : null);
        },
        (e: unknown) => {
          setNotice(null);
          setError(e instanceof Error ? e.message : "failed");
        },
      )
      .finally(() => void refresh());

  const bulk = (isTracking: boolean) =>
    run(bulkTracking.mutateAsync({ source: input.source, ids: selected, is_tracking: isTracking }), (r) => {
      setSelection({});
      return `${(r as { data: { updated: number } }).data.updated} connection(s) ${isTracking ? "now tracked" : "no longer tracked"}.`;
    });

  const columns: TColumn<TConnection>[] = [
    {
      id: "name",
      meta: { label: "Name", sortField: "name", fixed: true, className: "min-w-40" },
      cell: ({ row }) => {
        const c = row.original;
        return (
          <div>
            <span className="font-medium">{connectionName(c)}</span>
            {c.username && c.name && <span className="block text-xs text-slate-600">@{c.username}</span>}
          </div>
        );
      },
    },
    { id: "company", meta: { label: "Company", sortField: "company" }, cell: ({ row }) => row.original.company ?? "—" },
    {
      id: "tracking",
      meta: { label: "Tracking", sortField: "tracked" },
      cell: ({ row }) => {
        const c = row.original;
        return (
          <Checkbox
            role="switch"
            aria-label={`Track ${connectionName(c)}`}
            checked={c.is_tracking}
            onChange={(e) => void run(tracking.mutateAsync({ source: c.source, id: String(c.id), is_tracking: e.target.checked }))}
          />
        );
      },
    },
    { id: "refreshed", meta: { label: "Last refreshed" }, cell: ({ row }) => day(row.original.last_refreshed_at) },
    { id: "created", meta: { label: "Added", sortField: "recent" }, cell: ({ row }) => day(row.original.created_at) },
    {
      id: "actions",
      meta: { label: "Actions", fixed: true },
      cell: ({ row }) => {
        const c = row.original;
        const name = connectionName(c);
        return (
          <span className="flex flex-wrap items-center gap-1">
            <Link
              href={`/radar/updates?source=${c.source}&connection_id=${c.id}`}
              prefetch={false}
              className="text-xs text-sky-800 underline"
              aria-label={`Updates of ${name}`}
            >
              Updates
            </Link>
            <ConfirmButton
              label="Disconnect"
              ariaLabel={`Disconnect ${name}`}
              confirm={`Yes, disconnect ${name}`}
              onConfirm={() => run(disconnect.mutateAsync({ source: c.source, id: String(c.id) }))}
            />
          </span>
        );
      },
    },
  ];

  return (
    <div>
      {error && (
        <Alert boxed className="mt-2 px-3 py-2 text-sm">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert tone="success" boxed className="mt-2 px-3 py-2 text-sm">
          {notice}
        </Alert>
      )}
      <PagedTable
        label="Connections"
        testId="connection-table"
        page={list.data}
        params={params}
        set={set}
        defaultLimit={DEFAULT_LIMIT}
        columns={columns}
        getRowId={(c) => String(c.id)}
        storageKey="vm:radar:connections:columns"
        sort={tableSort(params, list.data?.meta)}
        onSort={(s) => set(sortPatch(s))}
        busy={list.isFetching && list.isPlaceholderData}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        selection={selection}
        onSelectionChange={setSelection}
        empty="No connection here yet. Follow a profile above; once processed it shows here."
        toolbar={
          <ListToolbar
            what="connections"
            params={params}
            set={set}
            extra={
              <span className="flex flex-wrap items-center gap-1" aria-label="Bulk actions" role="group">
                <span className="text-sm text-slate-600" data-testid="selected-count">
                  {selected.length} selected
                </span>
                <Button disabled={selected.length === 0} onClick={() => void bulk(true)}>
                  Track selected
                </Button>
                <Button disabled={selected.length === 0} onClick={() => void bulk(false)}>
                  Stop tracking selected
                </Button>
                <ConfirmButton
                  label="Delete selected"
                  confirm={`Yes, disconnect ${selected.length}`}
                  disabled={selected.length === 0}
                  onConfirm={() =>
                    run(bulkDelete.mutateAsync({ source: input.source, ids: selected }), (r) => {
                      setSelection({});
                      return `${(r as { data: { deleted: number } }).data.deleted} connection(s) disconnected.`;
                    })
                  }
                />
              </span>
            }
          />
        }
      />
    </div>
  );
}
