"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { Button } from "~/app/_ui/button";
import { useToast } from "~/app/_ui/toast";

/**
 * "Alert me" on a saved filter: a toggle button (aria-pressed). While on, cards added or changed
 * that newly match the filter are notified (the bell, /notifications).
 */
export function AlertMe({ id, name }: { id: number; name: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const followed = useQuery(trpc.notifications.followed.queryOptions());
  const on = followed.data?.ids.includes(id) ?? false;
  const follow = useMutation(
    trpc.notifications.follow.mutationOptions({
      onSuccess: (r) => {
        void qc.invalidateQueries({ queryKey: trpc.notifications.followed.queryKey() });
        toast(r.alert ? `You will be notified of new cards for "${name}".` : `No more alerts for "${name}".`);
      },
      onError: (e) => toast(`Could not change the alert: ${e.message}`, "error"),
    }),
  );
  return (
    <Button
      variant={on ? "success-on" : "secondary"}
      aria-pressed={on}
      aria-label={`Alert me: ${name}`}
      disabled={!followed.data || follow.isPending}
      onClick={() => follow.mutate({ id, alert: !on })}
    >
      {on && <span aria-hidden="true">✓ </span>}
      Alert me
    </Button>
  );
}
