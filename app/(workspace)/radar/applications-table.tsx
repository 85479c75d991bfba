"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../_trpc/client";
import { ConfirmButton } from "../../_ui/confirm-button";
import { DataTable, type TColumn } from "../../_ui/data-table";
import { Choice } from "../../_ui/filters";
import { Pager } from "../../_ui/pager";
import type { TUrlParams } from "../../_ui/use-url-params";
import { ListToolbar, sortPatch, tableSort } from "./list-toolbar";
import { applicationsInput } from "./radar-params";
import { applicationName, day, type TApplication } from "./radar-types";
import { POLL_MS, useRadarRefresh } from "./use-radar";

const STATUS_STYLE: Record<TApplication["init_status"], string> = {
  idle: "bg-slate-100 text-slate-800",
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  failed: "bg-rose-100 text-rose-900",
};

const btn = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs";

/** The applications of a network: status (with the error of a failed one), Retry, tracking, delete. */
export function ApplicationsTable(props: { params: TUrlParams; set: (p: Record<string, string | undefined>) => void; pending: number }) {
  const { params, set } = props;
  const trpc = useTRPC();
  const refresh = useRadarRefresh();
  const input = applicationsInput(params);
  const list = useQuery({
    ...trpc.radar.listApplications.queryOptions(input),
    placeholderData: keepPreviousData,
    // Only while the worker has something queued (the statuses shown here change then).
    refetchInterval: (q) =>
      props.pending > 0 || q.state.data?.data.some((a) => a.init_status === "pending" || a.init_status === "processing") ? POLL_MS : false,
  });
  const [error, setError] = useState<string | null>(null);
  const run = (p: Promise<unknown>) =>
    p
      .then(
        () => setError(null),
        (e: unknown) => setError(e instanceof Error ? e.message : "failed"),
      )
      .finally(() => void refresh());
  const tracking = useMutation(trpc.radar.applicationTracking.mutationOptions());
  const retry = useMutation(trpc.radar.retryApplication.mutationOptions());
  const remove = useMutation(trpc.radar.deleteApplication.mutationOptions());

  const columns: TColumn<TApplication>[] = [
    {
      id: "profile",
      meta: { label: "Profile", sortField: "name", fixed: true, className: "min-w-40 break-all" },
      cell: ({ row }) => <span className="font-medium">{applicationName(row.original)}</span>,
    },
    {
      id: "status",
      meta: { label: "Status", fixed: true, className: "min-w-32" },
      cell: ({ row }) => {
        const a = row.original;
        return (
          <div>
            <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[a.init_status]}`} data-testid="application-status">
              {a.init_status}
            </span>
            {a.radar_error && (
              <p className="mt-1 text-xs text-rose-800" data-testid="application-error">
                {a.radar_error.code}: {a.radar_error.message} (attempt {a.radar_error.attempts})
              </p>
            )}
          </div>
        );
      },
    },
    {
      id: "tracking",
      meta: { label: "Tracking", sortField: "tracked" },
      cell: ({ row }) => {
        const a = row.original;
        return (
          <input
            type="checkbox"
            role="switch"
            aria-label={`Track ${applicationName(a)}`}
            checked={a.is_tracking}
            onChange={(e) => void run(tracking.mutateAsync({ source: a.source, id: String(a.id), is_tracking: e.target.checked }))}
          />
        );
      },
    },
    { id: "created", meta: { label: "Added", sortField: "recent" }, cell: ({ row }) => day(row.original.created_at) },
    {
      id: "actions",
      meta: { label: "Actions", fixed: true },
      cell: ({ row }) => {
        const a = row.original;
        const name = applicationName(a);
        return (
          <span className="flex flex-wrap gap-1">
            {a.init_status === "failed" && (
              <button
                type="button"
                className={btn}
                aria-label={`Retry ${name}`}
                onClick={() => void run(retry.mutateAsync({ source: a.source, id: String(a.id) }))}
              >
                Retry
              </button>
            )}
            <ConfirmButton
              label="Delete"
              ariaLabel={`Delete ${name}`}
              confirm={`Yes, delete ${name}`}
              onConfirm={() => run(remove.mutateAsync({ source: a.source, id: String(a.id) }))}
            />
          </span>
        );
      },
    },
  ];

  return (
    <div>
      {error && (
        <p role="alert" className="mt-2 rounded border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      <DataTable
        label="Applications"
        testId="application-table"
        data={list.data?.data}
        columns={columns}
        getRowId={(a) => String(a.id)}
        storageKey="vm:radar:applications:columns"
        sort={tableSort(params, list.data?.meta)}
        onSort={(s) => set(sortPatch(s))}
        busy={list.isFetching && list.isPlaceholderData}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        empty="No application here. Follow a profile above: it is an application until the worker has processed it."
        toolbar={
          <ListToolbar
            what="applications"
            params={params}
            set={set}
            extra={
              <Choice
                label="Status"
                value={params.init_status ?? ""}
                options={[
                  { value: "", label: "Any status" },
                  ...["pending", "processing", "idle", "failed"].map((s) => ({ value: s, label: s })),
                ]}
                onChange={(v) => set({ init_status: v || undefined })}
              />
            }
          />
        }
      />
      <Pager
        offset={input.offset}
        limit={input.limit}
        total={list.data?.pagination.total}
        hasNext={list.data?.pagination.has_next ?? false}
        onOffset={(o) => set({ offset: String(o) })}
        onLimit={(l) => set({ limit: String(l) })}
        sizes={[20, 50, 100]}
      />
    </div>
  );
}
