"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useId, useRef, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Button } from "~/app/_ui/button";
import { Checkbox, Input, Select, Textarea } from "~/app/_ui/input";
import { inFlight, LINE_LABEL, outcomeLines, refusedLine, toItem, withStatus, type TFollowLine, type TLineState } from "./follow-lines";
import { SOURCE_NAMES, type TSource } from "./radar-types";
import { POLL_MS, useRadarRefresh } from "./use-radar";
import { ClientForm } from "~/app/_ui/client-form";

const STATE_STYLE: Record<TLineState, string> = {
  refused: "bg-rose-50 text-rose-900",
  no_quota: "bg-rose-50 text-rose-900",
  failed: "bg-rose-50 text-rose-900",
  already_connection: "bg-slate-50 text-slate-800",
  removed: "bg-slate-50 text-slate-800",
  idle: "bg-slate-50 text-slate-800",
  pending: "bg-amber-50 text-amber-900",
  processing: "bg-sky-50 text-sky-900",
  connected: "bg-emerald-50 text-emerald-900",
};

/** The API's error code of a refused request (tRPC carries it as `appCode`). */
function errorCode(e: unknown): string | undefined {
  if (!(e instanceof TRPCClientError)) return undefined;
  const data = e.data as { appCode?: string } | undefined;
  return data?.appCode;
}

/**
 * Follows the lines of the last follow until each is final: while any is queued or processing,
 * their applications' states are polled (one small query), so a line turns Connected or Failed
 * (with the reason) without a reload.
 */
function useFollowedLines(source: TSource, lines: TFollowLine[] | null): TFollowLine[] | null {
  const trpc = useTRPC();
  const refresh = useRadarRefresh();
  const ids = (lines ?? []).flatMap((l) => (l.applicationId === undefined ? [] : [l.applicationId]));
  const [busy, setBusy] = useState(false);
  const status = useQuery({
    ...trpc.workspace.radarFollowStatus.queryOptions({ source, ids }),
    enabled: ids.length > 0,
    staleTime: 0,
    refetchInterval: busy ? POLL_MS : false,
  });
  const byId = new Map((status.data?.data ?? []).map((s) => [s.id, s]));
  const shown = lines?.map((l) => withStatus(l, l.applicationId === undefined ? undefined : byId.get(l.applicationId))) ?? null;
  const pending = shown?.some(inFlight) ?? false;
  if (busy !== pending) setBusy(pending);
  // A line that became final: the lists and the quota show it too.
  const settled = shown?.filter((l) => !inFlight(l)).length ?? 0;
  const last = useRef(settled);
  useEffect(() => {
    if (settled > last.current) void refresh();
    last.current = settled;
  }, [settled, refresh]);
  return shown;
}

/** Follow one profile, or paste a list (one per line); then follow what becomes of each line. */
export function FollowForm(props: { source: TSource; onSource: (s: TSource) => void }) {
  const trpc = useTRPC();
  const refresh = useRadarRefresh();
  const [bulk, setBulk] = useState(false);
  const [text, setText] = useState("");
  const [tracking, setTracking] = useState(true);
  const [result, setResult] = useState<{ source: TSource; lines: TFollowLine[] } | null>(null);
  const ids = { network: useId(), input: useId(), tracking: useId(), about: useId() };
  const one = useMutation(trpc.radar.createApplication.mutationOptions());
  const many = useMutation(trpc.radar.bulkCreateApplications.mutationOptions());
  const busy = one.isPending || many.isPending;
  const lines = useFollowedLines(result?.source ?? props.source, result?.lines ?? null);

  const submit = async () => {
    const source = props.source;
    const items = (bulk ? text.split(/\r?\n/) : [text]).map((l) => l.trim()).filter(Boolean);
    if (items.length === 0) return;
    try {
      if (!bulk) {
        const r = await one.mutateAsync({ source, ...toItem(source, items[0]!), is_tracking: tracking });
        const d = r.data;
        const line: TFollowLine =
          "already_tracked" in d
            ? { text: items[0]!, state: "already_connection", detail: d.connection.name ?? d.connection.username ?? `#${d.connection.id}` }
            : outcomeLines(items, { created: [{ index: 0, application: d }], existing: [], errors: [] })[0]!;
        setResult({ source, lines: [line] });
      } else {
        const r = await many.mutateAsync({ source, applications: items.map((l) => ({ ...toItem(source, l), is_tracking: tracking })) });
        setResult({ source, lines: outcomeLines(items, r.data) });
      }
      setText("");
    } catch (e) {
      const message = e instanceof Error ? e.message : "The request failed.";
      setResult({ source, lines: items.slice(0, bulk ? items.length : 1).map((t) => refusedLine(t, errorCode(e), message)) });
    }
    void refresh();
  };

  return (
    <section aria-labelledby="follow-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="follow-heading" className="text-sm font-medium text-slate-700">
        Follow
      </h2>
      <p id={ids.about} className="mt-1 text-sm text-slate-600" data-testid="radar-vocabulary">
        Following a profile creates an <strong>application</strong>. The worker looks the profile up: found, the application becomes a{" "}
        <strong>connection</strong>, whose changes (when tracked) appear under Updates; not found, it fails with the reason and can be
        retried. Applications that have not failed and tracked connections count against the quota.
      </p>
      <ClientForm
        className="mt-2 flex flex-wrap items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={ids.network} className="sr-only">
          Network
        </label>
        <Select id={ids.network} value={props.source} onChange={(e) => props.onSource(e.target.value as TSource)} size="sm-tall">
          {(Object.keys(SOURCE_NAMES) as TSource[]).map((s) => (
            <option key={s} value={s}>
              {SOURCE_NAMES[s]}
            </option>
          ))}
        </Select>
        <label htmlFor={ids.input} className="sr-only">
          {bulk ? "Profiles, one per line" : "Profile URL, username or id"}
        </label>
        {bulk ? (
          <Textarea
            id={ids.input}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={5}
            placeholder={"One per line: profile URL, username or id"}
            size="sm-tall"
            className="min-w-0 flex-1 basis-64"
          />
        ) : (
          <Input
            id={ids.input}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Profile URL, username or id"
            size="sm-tall"
            className="min-w-0 flex-1 basis-48"
          />
        )}
        <span className="flex items-center gap-1.5 py-1.5 text-sm">
          <Checkbox id={ids.tracking} checked={tracking} onChange={(e) => setTracking(e.target.checked)} />
          <label htmlFor={ids.tracking}>Track</label>
        </span>
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {bulk ? "Follow all" : "Follow"}
        </Button>
        <Button variant="link-accent" size="link-tall" onClick={() => setBulk(!bulk)}>
          {bulk ? "Follow one" : "Paste a list"}
        </Button>
      </ClientForm>
      {lines && (
        <ul aria-label="Follow results" aria-live="polite" data-testid="follow-results" className="mt-3 space-y-1 text-sm">
          {lines.map((l, i) => (
            <li key={i} className={`rounded px-2 py-1 ${STATE_STYLE[l.state]}`} data-kind={l.state}>
              <span className="font-medium">{LINE_LABEL[l.state]}</span> · <span className="break-all">{l.text}</span> — {l.detail}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
