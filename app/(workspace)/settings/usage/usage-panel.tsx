"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { BarChart } from "~/app/_ui/bar-chart";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Panel } from "~/app/_ui/panel";

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
      <PerToken tokens={u.tokens} total={total} />
    </div>
  );
}

type TTokenUsage = { id: number; name: string | null; prefix: string; revoked: boolean; last_used_at: string | null; requests: number };

/** The same 30 days by API token (busiest first); what no token made is the connected apps' (OAuth). */
function PerToken({ tokens, total }: { tokens: TTokenUsage[]; total: number }) {
  const byTokens = tokens.reduce((n, t) => n + t.requests, 0);
  const apps = Math.max(0, total - byTokens);
  return (
    <section aria-labelledby="per-token-heading">
      <h2 id="per-token-heading" className="text-lg font-semibold">
        Requests per token
      </h2>
      {tokens.length === 0 && apps === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No API token yet: create one under Tokens.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="usage-per-token">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-4">Token</th>
                <th className="pr-4 text-right">Requests (30 days)</th>
                <th>Last used</th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id} className="border-t border-slate-100" data-testid="usage-token">
                  <td className="py-2 pr-4">
                    <span className="font-medium">{t.name ?? "(no label)"}</span>{" "}
                    <span className="font-mono text-xs text-slate-600">{t.prefix}…</span>
                    {t.revoked && <span className="ml-2 text-xs text-slate-600">revoked</span>}
                  </td>
                  <td className="pr-4 text-right tabular-nums" data-testid="usage-token-requests">
                    {fmt(t.requests)}
                  </td>
                  <td>{t.last_used_at ? new Date(t.last_used_at).toLocaleString() : "never"}</td>
                </tr>
              ))}
              {apps > 0 && (
                <tr className="border-t border-slate-100" data-testid="usage-apps">
                  <td className="py-2 pr-4">Other (connected apps)</td>
                  <td className="pr-4 text-right tabular-nums">{fmt(apps)}</td>
                  <td>see Apps</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
