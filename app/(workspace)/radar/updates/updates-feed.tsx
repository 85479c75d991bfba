"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { EmptyState } from "~/app/_ui/empty-state";
import { Choice, DateRange } from "~/app/_ui/filters";
import { MultiSelect } from "~/app/_ui/list-select";
import { Pager } from "~/app/_ui/pager";
import { listParam, useUrlParams, type TUrlParams } from "~/app/_ui/use-url-params";
import { asSource, connectionName, SOURCE_NAMES, SOURCE_OPTIONS, type TUpdate } from "../radar-types";
import { FEED_KEYS, feedInput } from "./feed-params";
import { UpdateDiff } from "./update-diff";

/**
 * /radar/updates: the updates feed newest first, filtered by the REST parameters of
 * GET /v1/radar/updates/ (source, change_types, connection_id, detected_after, detected_before),
 * each update's before and after side by side.
 */

const CHANGE_LABEL: Record<string, string> = {
  career_change: "Career change",
  headline_change: "Headline change",
  bio_change: "Bio change",
  combined: "Several changes",
};

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC";

function UpdateItem({ u }: { u: TUpdate }) {
  const c = u.connection;
  const name = connectionName(c);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="update-item" data-change-type={u.change_type ?? ""}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-medium">
          <Link
            href={`/radar?source=${c.source}&q=${encodeURIComponent(c.username ?? c.name ?? "")}`}
            prefetch={false}
            className="hover:underline"
          >
            {name}
          </Link>
          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">{SOURCE_NAMES[c.source]}</span>
          <span className="ml-1 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-normal text-indigo-900">
            {CHANGE_LABEL[u.change_type ?? ""] ?? "Change"}
          </span>
        </h2>
        <time dateTime={u.detected_at} className="text-xs text-slate-600">
          {when(u.detected_at)}
        </time>
      </div>
      <p className="mt-1 text-sm text-slate-800">{u.description}</p>
      <div className="mt-2">
        <UpdateDiff body={u.body} />
      </div>
      <p className="mt-2 flex flex-wrap gap-3 text-xs">
        <Link href={`/radar/updates?source=${c.source}&connection_id=${c.id}`} prefetch={false} className="text-sky-800 underline">
          All updates of {name}
        </Link>
        {c.profile_id != null && (
          <Link href={`/founders/${c.profile_id}`} prefetch={false} className="text-sky-800 underline">
            Founder profile
          </Link>
        )}
        {c.card_slug && (
          <Link href={`/cards/${c.card_slug}`} prefetch={false} className="text-sky-800 underline">
            Card
          </Link>
        )}
      </p>
    </li>
  );
}

function ConnectionChoice(props: { params: TUrlParams; set: (p: Record<string, string | undefined>) => void }) {
  const trpc = useTRPC();
  const source = props.params.source ? asSource(props.params.source) : null;
  const connections = useQuery({
    ...trpc.radar.listConnections.queryOptions({ source: source ?? "network_a", limit: 100, sort: "name", include_total: false }),
    enabled: source !== null,
  });
  if (!source) {
    return (
      <Choice
        label="Connection"
        value=""
        options={[{ value: "", label: "Any connection (choose a network first)" }]}
        onChange={() => undefined}
      />
    );
  }
  const id = props.params.connection_id ?? "";
  const options = [
    { value: "", label: "Any connection" },
    ...(connections.data?.data ?? []).map((c) => ({ value: String(c.id), label: connectionName(c) })),
  ];
  if (id && !options.some((o) => o.value === id)) options.push({ value: id, label: `Connection #${id}` });
  return <Choice label="Connection" value={id} options={options} onChange={(v) => props.set({ connection_id: v || undefined })} />;
}

export function UpdatesFeed() {
  const trpc = useTRPC();
  const { params, set, clear } = useUrlParams();
  const input = feedInput(params);
  const meta = useQuery({ ...trpc.radar.updatesMeta.queryOptions({}), staleTime: Infinity });
  const feed = useQuery({ ...trpc.radar.updates.queryOptions(input), placeholderData: keepPreviousData });
  const limit = Number(input.limit);
  const offset = Number(params.offset ?? 0) || 0;
  const filtered = FEED_KEYS.some((k) => k !== "limit" && k !== "offset" && params[k]);
  const types = meta.data?.data.change_types ?? [];

  return (
    <div>
      <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
        <Choice
          label="Network"
          value={params.source ?? ""}
          options={[
            { value: "", label: "Both networks" },
            ...SOURCE_OPTIONS.filter((o) => !meta.data || meta.data.data.sources.includes(o.value)),
          ]}
          onChange={(v) => set({ source: v || undefined, connection_id: undefined })}
        />
        <MultiSelect
          label="Change type"
          options={types.map((t) => ({ value: t, label: CHANGE_LABEL[t] ?? t }))}
          value={listParam(params.change_types)}
          onChange={(v) => set({ change_types: v.join(",") || undefined })}
        />
        <ConnectionChoice params={params} set={set} />
        <DateRange
          label="Detected"
          from={params.detected_after}
          to={params.detected_before}
          onChange={(from, to) => set({ detected_after: from, detected_before: to })}
        />
        {filtered && (
          <Button variant="link-accent" className="text-sm" onClick={() => clear(["limit"])}>
            Clear the filters
          </Button>
        )}
      </div>

      {feed.error && (
        <Alert boxed as="div" className="mt-3 p-3 text-sm">
          Could not load the feed: {feed.error.message}{" "}
          <Button variant="link-inherit" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      <ol
        aria-label="Updates"
        aria-busy={feed.isFetching && feed.isPlaceholderData}
        data-testid="update-feed"
        className={`mt-3 space-y-3 ${feed.isFetching && feed.isPlaceholderData ? "opacity-60" : ""}`}
      >
        {feed.data?.data.map((u) => (
          <UpdateItem key={u.id} u={u} />
        ))}
      </ol>
      {!feed.data && !feed.error && <p className="mt-3 text-sm text-slate-600">Loading…</p>}
      {feed.data && feed.data.data.length === 0 && (
        <EmptyState look="solid" className="mt-3">
          {filtered
            ? "No update matches these filters."
            : "No update yet: tracked connections are refreshed every few hours, and each change shows here."}
        </EmptyState>
      )}
      <Pager
        offset={offset}
        limit={limit}
        total={feed.data?.pagination.total}
        hasNext={feed.data?.pagination.has_next ?? false}
        onOffset={(o) => set({ offset: String(o) })}
        onLimit={(l) => set({ limit: String(l) })}
        sizes={[20, 50, 100]}
      />
    </div>
  );
}
