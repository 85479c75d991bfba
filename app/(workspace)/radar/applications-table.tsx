"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { ConfirmButton } from "~/app/_ui/confirm-button";
import { Alert } from "~/app/_ui/alert";
import { Badge, type TBadgeTone } from "~/app/_ui/badge";
import { Button } from "~/app/_ui/button";
import type { TColumn } from "~/app/_ui/table-column";
import { Choice } from "~/app/_ui/filters";
import { Checkbox } from "~/app/_ui/input";
import { PagedTable } from "~/app/_ui/paged-table";
import type { TUrlParams } from "~/app/_ui/use-url-params";
import { ListToolbar, sortPatch, tableSort } from "./list-toolbar";
import { applicationsInput, DEFAULT_LIMIT } from "./radar-params";
import { applicationName, day, failureText, type TApplication } from "./radar-types";
import { POLL_MS, useRadarRefresh } from "./use-radar";

const STATUS_TONE: Record<TApplication["init_status"], TBadgeTone> = {
  idle: "neutral",
  pending: "warning",
  processing: "info",
  failed: "danger",
};

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
            <Badge tone={STATUS_TONE[a.init_status]} className="py-0.5 text-xs font-medium" testId="application-status">
              {a.init_status}
            </Badge>
            {a.radar_error && (
              <p className="mt-1 text-xs text-rose-800" data-testid="application-error">
                {failureText(a.radar_error, a.radar_error.attempts)}
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
          <Checkbox
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
              <Button
                size="xs"
                aria-label={`Retry ${name}`}
                onClick={() => void run(retry.mutateAsync({ source: a.source, id: String(a.id) }))}
              >
                Retry
              </Button>
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
        <Alert boxed className="mt-2 px-3 py-2 text-sm">
          {error}
        </Alert>
      )}
      <PagedTable
        label="Applications"
        testId="application-table"
        page={list.data}
        params={params}
        set={set}
        defaultLimit={DEFAULT_LIMIT}
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
    </div>
  );
}
