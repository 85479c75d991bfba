"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../_trpc/client";
import { BarChart } from "../../../_ui/bar-chart";
import { Alert } from "../../../_ui/alert";
import { Button } from "../../../_ui/button";
import { Panel } from "../../../_ui/panel";

const fmt = (n: number | null) => (n === null ? "—" : n.toLocaleString("en"));

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Panel>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold" data-testid={testId}>
        {value}
      </dd>
    </Panel>
  );
}

/** /settings/usage: the plan and its quota now, and the requests counted per UTC day over 30 days. */
export function UsagePanel() {
  const trpc = useTRPC();
  const usage = useQuery(trpc.account.usage.queryOptions());
  if (usage.isLoading) return <p className="text-sm text-slate-600">Loading…</p>;
  if (usage.error || !usage.data) {
    return (
      <Alert className="text-sm">
        Could not load your usage: {usage.error?.message}{" "}
        <Button variant="link-inherit" onClick={() => void usage.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const u = usage.data;
  const total = u.days.reduce((n, d) => n + d.requests, 0);
  const reset =
    u.period === "daily" && u.reset_at
      ? `Daily quota, resets at 00:00 UTC (${new Date(u.reset_at).toLocaleString()})`
      : u.period === "lifetime"
        ? "Lifetime quota: it does not reset; upgrade to a paid plan for a daily quota"
        : "No request limit";
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Plan" value={u.plan} testId="usage-plan" />
        <Figure
          label={u.period === "lifetime" ? "Limit (lifetime)" : "Limit per day"}
          value={u.limit === null ? "unlimited" : fmt(u.limit)}
          testId="usage-limit"
        />
        <Figure label={u.period === "lifetime" ? "Used" : "Used today"} value={fmt(u.used)} testId="usage-used" />
        <Figure label="Remaining" value={fmt(u.remaining)} testId="usage-remaining" />
      </dl>
      <p className="text-sm text-slate-700" data-testid="usage-reset">
        {reset}.
      </p>
      <section aria-labelledby="per-day-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="per-day-heading" className="text-lg font-semibold">
            Requests per day
          </h2>
          <p className="text-sm text-slate-600">
            <span data-testid="usage-total">{fmt(total)}</span> requests in the last 30 days (UTC days).{" "}
            <Button variant="link-accent" onClick={() => void usage.refetch()} disabled={usage.isFetching}>
              Refresh
            </Button>
          </p>
        </div>
        <BarChart
          testId="usage-chart"
          valueName="Requests per day"
          data={u.days.map((d) => ({ label: d.day.slice(5), value: d.requests }))}
        />
        <p className="mt-2 text-xs text-slate-600">
          Requests with an API token or an OAuth app count; requests refused because the quota was used up do not. The workspace&apos;s own
          pages do not count.
        </p>
      </section>
    </div>
  );
}
