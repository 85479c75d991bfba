"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Badge } from "~/app/_ui/badge";
import { Button } from "~/app/_ui/button";
import { EmptyState } from "~/app/_ui/empty-state";
import { Pager } from "~/app/_ui/pager";
import { Panel } from "~/app/_ui/panel";
import { useToast } from "~/app/_ui/toast";
import { useUrlParams } from "~/app/_ui/use-url-params";
import { plural } from "~/server/lib/plural";

const LIMIT = 50;

/** The kinds in the order of the page's groups, with their headings. */
const GROUPS = [
  { kind: "mention", heading: "Mentions" },
  { kind: "invitation", heading: "Invitations" },
  { kind: "saved_filter", heading: "Saved filters" },
  { kind: "radar_update", heading: "Radar updates" },
] as const;

type TItem = { id: number; kind: string; title: string; body: string; url: string; created_at: string; read_at: string | null };

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * /notifications: the caller's notifications, a page of them (newest first) grouped by kind. A
 * title links where it is about (the card, the saved filter's cards, the radar update) and marks
 * it read; "Mark read" and "Mark all read" do so without leaving. The page lives in `offset`.
 */
export function NotificationsView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const { params, set } = useUrlParams();
  const offset = Math.max(0, Number(params.offset) || 0);
  const list = useQuery(trpc.notifications.list.queryOptions({ limit: LIMIT, offset }));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSuccess: refresh }));
  const markAll = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSuccess: (r) => {
        void refresh();
        toast(`Marked ${plural(r.marked, "notification")} read.`);
      },
      onError: (e) => toast(`Could not mark them read: ${e.message}`, "error"),
    }),
  );

  if (list.isLoading) return <p className="mt-4 text-sm text-slate-600">Loading…</p>;
  if (list.error || !list.data) {
    return (
      <Alert className="mt-4 text-sm">
        Could not load your notifications: {list.error?.message}{" "}
        <Button variant="link-inherit" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const { data, unread, has_more } = list.data;
  const item = (n: TItem) => (
    <li key={n.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3" data-testid="notification">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            href={n.url}
            prefetch={false}
            className={`text-sky-800 underline ${n.read_at ? "" : "font-semibold"}`}
            onClick={() => {
              if (!n.read_at) markRead.mutate({ id: n.id });
            }}
          >
            {n.title}
          </Link>
          {!n.read_at && (
            <Badge tone="info" className="text-xs font-medium">
              Unread
            </Badge>
          )}
        </p>
        {n.body && <p className="mt-0.5 text-sm break-words text-slate-700">{n.body}</p>}
        <p className="mt-0.5 text-xs text-slate-600">{when(n.created_at)}</p>
      </div>
      {!n.read_at && (
        <Button size="xs" aria-label={`Mark read: ${n.title}`} disabled={markRead.isPending} onClick={() => markRead.mutate({ id: n.id })}>
          Mark read
        </Button>
      )}
    </li>
  );

  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700" data-testid="unread-summary">
          {unread === 0 ? "All read." : `${unread >= 100 ? "99+" : unread} unread.`}
        </p>
        <Button onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
          Mark all read
        </Button>
        <Link href="/settings/notifications" prefetch={false} className="text-sm text-sky-800 underline">
          Notification settings
        </Link>
      </div>
      {data.length === 0 ? (
        <EmptyState className="mt-4">
          {offset > 0
            ? "No more notifications."
            : "No notifications yet. Choose Alert me on a saved filter, or follow people on the radar, to hear about what changes."}
        </EmptyState>
      ) : (
        GROUPS.map((g) => {
          const items = data.filter((n) => n.kind === g.kind);
          if (items.length === 0) return null;
          return (
            <Panel key={g.kind} className="mt-4 px-3 py-1">
              <h2 id={`group-${g.kind}`} className="pt-2 text-base font-semibold">
                {g.heading}
              </h2>
              <ul className="divide-y divide-slate-200">{items.map(item)}</ul>
            </Panel>
          );
        })
      )}
      {(offset > 0 || has_more) && (
        <Pager offset={offset} limit={LIMIT} total={null} hasNext={has_more} onOffset={(o) => set({ offset: o ? String(o) : undefined })} />
      )}
    </div>
  );
}
