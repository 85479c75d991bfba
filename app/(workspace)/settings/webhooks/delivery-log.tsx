"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";

const PAGE = 20;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

/** An endpoint's deliveries, newest first, refreshed every few seconds; each with its request, response and Redeliver. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const log = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: endpointId, limit: PAGE, offset }),
    refetchInterval: 3000,
  });
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() }),
    }),
  );
  const page = log.data;

  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading" className="font-medium">
        Deliveries of endpoint {endpointId}
      </h2>
      {log.error && <Alert className="text-sm">Could not load the deliveries: {log.error.message}</Alert>}
      {page?.data.length === 0 && <p className="mt-2 text-sm text-slate-600">No delivery yet. Send a test to see one.</p>}
      {!!page?.data.length && (
        <div className="overflow-x-auto">
          <table className="mt-2 w-full text-left text-sm" data-testid="deliveries">
            <thead className="text-slate-500">
              <tr>
                <th className="py-2">Event</th>
                <th>Status</th>
                <th>Attempts</th>
                <th>Response</th>
                <th>Last attempt</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {page.data.map((d) => (
                <tr key={d.id} className="border-t border-slate-100 align-top" data-testid="delivery">
                  <td className="py-2 font-mono text-xs">{d.event}</td>
                  <td data-testid="delivery-status">{d.status}</td>
                  <td>{d.attempts}</td>
                  <td>
                    {d.response_status ?? "—"}
                    {d.duration_ms !== null && <span className="text-slate-500"> · {d.duration_ms} ms</span>}
                    {d.error && <div className="text-rose-700">{d.error}</div>}
                    <details className="mt-1">
                      <summary className="cursor-pointer text-slate-600">Request and response</summary>
                      <p className="mt-1 text-xs text-slate-500">Request headers</p>
                      <pre className="max-w-xl overflow-x-auto rounded bg-slate-50 p-2 text-xs">
                        {JSON.stringify(d.request.headers, null, 2)}
                      </pre>
                      <p className="mt-1 text-xs text-slate-500">Request body</p>
                      <pre className="max-w-xl overflow-x-auto rounded bg-slate-50 p-2 text-xs">
                        {JSON.stringify(d.request.body, null, 2)}
                      </pre>
                      <p className="mt-1 text-xs text-slate-500">Response body (first 1 KB)</p>
                      <pre className="max-w-xl overflow-x-auto rounded bg-slate-50 p-2 text-xs">{d.response_body ?? "—"}</pre>
                      {d.next_attempt_at && <p className="text-xs text-slate-500">Next attempt {when(d.next_attempt_at)}</p>}
                    </details>
                  </td>
                  <td>{when(d.last_attempt_at)}</td>
                  <td className="text-right">
                    <Button
                      variant="link"
                      disabled={redeliver.isPending}
                      onClick={() => redeliver.mutate({ id: endpointId, delivery_id: String(d.id) })}
                    >
                      Redeliver
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (page.pagination.has_next || offset > 0) && (
        <div className="mt-2 flex gap-4 text-sm">
          <Button variant="link" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Newer
          </Button>
          <Button variant="link" disabled={!page.pagination.has_next} onClick={() => setOffset(offset + PAGE)}>
            Older
          </Button>
        </div>
      )}
    </section>
  );
}
