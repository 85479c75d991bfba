"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { SOURCE_NAMES, type TSource } from "./radar-types";

/** The tracking quota of each network as a meter (refetched with every radar action). */
export function QuotaMeter() {
  const trpc = useTRPC();
  const quota = useQuery({ ...trpc.radar.quota.queryOptions({}), staleTime: 0 });
  const data = quota.data?.data;
  return (
    <section aria-labelledby="quota-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="quota-heading" className="text-sm font-medium text-slate-700">
        Tracking quota
      </h2>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {(["network_a", "network_b"] as TSource[]).map((source) => {
          const q = data?.[source];
          return (
            <div key={source} data-testid={`quota-${source}`} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="font-medium">{SOURCE_NAMES[source]}</span>
                <span className="text-slate-600" data-testid={`quota-${source}-text`}>
                  {q ? `${q.used} of ${q.limit} used · ${q.remaining} left` : "…"}
                </span>
              </div>
              <meter
                className="mt-1 h-2 w-full"
                aria-label={`${SOURCE_NAMES[source]} quota used`}
                min={0}
                max={Math.max(1, q?.limit ?? 1)}
                value={q?.used ?? 0}
                high={Math.max(1, q?.limit ?? 1) * 0.9}
                optimum={0}
              />
            </div>
          );
        })}
      </div>
      {quota.error && <Alert className="mt-2 text-sm">Could not load the quota: {quota.error.message}</Alert>}
    </section>
  );
}
