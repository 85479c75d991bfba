"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "../../_trpc/client";
import { Button } from "../../_ui/button";
import { Checkbox, Input, Select, Textarea } from "../../_ui/input";
import { SOURCE_LABEL, type TBulkOutcome, type TSource } from "./radar-types";
import { useRadarRefresh } from "./use-radar";

/** One line of what following did: the identifier as typed and what became of it. */
export interface TFollowLine {
  text: string;
  kind: "created" | "already" | "failed";
  detail: string;
}

/** An identifier as typed: a profile URL, a numeric id (network_b) or a username (with or without @). */
function toItem(source: TSource, text: string): Record<string, string> {
  const t = text.trim();
  if (/^https?:\/\//i.test(t)) return source === "network_a" ? { network_a_url: t } : { network_b_url: t };
  if (source === "network_b" && /^\d{1,20}$/.test(t)) return { network_b_user_id: t };
  return { username: t.replace(/^@/, "") };
}

/** The bulk answer as one line per pasted line, in the pasted order. */
function outcomeLines(lines: string[], data: TBulkOutcome): TFollowLine[] {
  const out: TFollowLine[] = lines.map((text) => ({ text, kind: "failed", detail: "no answer" }));
  for (const c of data.created) out[c.index] = { text: lines[c.index]!, kind: "created", detail: `created, ${c.application.init_status}` };
  for (const e of data.existing) {
    out[e.index] = e.already_tracked
      ? {
          text: lines[e.index]!,
          kind: "already",
          detail: `already a connection (${e.connection.name ?? e.connection.username ?? e.connection.id})`,
        }
      : { text: lines[e.index]!, kind: "already", detail: `already followed (application ${e.application.init_status})` };
  }
  for (const e of data.errors) out[e.index] = { text: lines[e.index]!, kind: "failed", detail: `${e.error}: ${e.message}` };
  return out;
}

const KIND_STYLE: Record<TFollowLine["kind"], string> = {
  created: "bg-emerald-50 text-emerald-900",
  already: "bg-slate-50 text-slate-800",
  failed: "bg-rose-50 text-rose-900",
};
const KIND_LABEL: Record<TFollowLine["kind"], string> = { created: "Created", already: "Already tracked", failed: "Failed" };

/** Follow one profile, or paste a list (one per line); then say what became of each line. */
export function FollowForm(props: { source: TSource; onSource: (s: TSource) => void }) {
  const trpc = useTRPC();
  const refresh = useRadarRefresh();
  const [bulk, setBulk] = useState(false);
  const [text, setText] = useState("");
  const [tracking, setTracking] = useState(true);
  const [lines, setLines] = useState<TFollowLine[] | null>(null);
  const ids = { network: useId(), input: useId(), tracking: useId() };
  const one = useMutation(trpc.radar.createApplication.mutationOptions());
  const many = useMutation(trpc.radar.bulkCreateApplications.mutationOptions());
  const busy = one.isPending || many.isPending;

  const submit = async () => {
    const items = (bulk ? text.split(/\r?\n/) : [text]).map((l) => l.trim()).filter(Boolean);
    if (items.length === 0) return;
    try {
      if (!bulk) {
        const r = await one.mutateAsync({ source: props.source, ...toItem(props.source, items[0]!), is_tracking: tracking });
        const d = r.data;
        setLines([
          "already_tracked" in d
            ? {
                text: items[0]!,
                kind: "already",
                detail: `already a connection (${d.connection.name ?? d.connection.username ?? d.connection.id})`,
              }
            : { text: items[0]!, kind: "created", detail: `following, ${d.init_status}` },
        ]);
      } else {
        const r = await many.mutateAsync({
          source: props.source,
          applications: items.map((l) => ({ ...toItem(props.source, l), is_tracking: tracking })),
        });
        setLines(outcomeLines(items, r.data));
      }
      setText("");
    } catch (e) {
      setLines(items.slice(0, 1).map((t) => ({ text: t, kind: "failed", detail: e instanceof Error ? e.message : "failed" })));
    }
    void refresh();
  };

  return (
    <section aria-labelledby="follow-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="follow-heading" className="text-sm font-medium text-slate-700">
        Follow
      </h2>
      <form
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
          {(Object.keys(SOURCE_LABEL) as TSource[]).map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABEL[s]}
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
      </form>
      {lines && (
        <ul aria-label="Follow results" data-testid="follow-results" className="mt-3 space-y-1 text-sm">
          {lines.map((l, i) => (
            <li key={i} className={`rounded px-2 py-1 ${KIND_STYLE[l.kind]}`} data-kind={l.kind}>
              <span className="font-medium">{KIND_LABEL[l.kind]}</span> · <span className="break-all">{l.text}</span> — {l.detail}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
