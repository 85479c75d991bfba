"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { EmptyState } from "~/app/_ui/empty-state";
import { Panel } from "~/app/_ui/panel";

const WHAT: Record<string, string> = {
  created: "created the team",
  joined: "joined",
  left: "left the team",
  removed: "removed a member",
  role_changed: "changed a role",
  invitation_made: "made an invitation",
  invitation_used: "used an invitation",
  invitation_revoked: "revoked an invitation",
  shared: "shared",
  unshared: "made private",
  deleted: "deleted",
  commented: "commented on a card",
  card_added: "added a card to a folder",
  card_removed: "removed a card from a folder",
};

type TEntry = { kind: string; detail: Record<string, unknown> };

const text = (v: unknown) => (typeof v === "string" ? v : null);

/** The card an entry is about, linked (to `#comment-<id>` for a comment still there); null for other entries. */
function cardLink(a: TEntry) {
  const slug = text(a.detail.card_slug);
  if (!slug) return null;
  const comment = a.kind === "commented" && !a.detail.comment_deleted && typeof a.detail.comment_id === "number";
  return (
    <Link
      href={`/cards/${encodeURIComponent(slug)}${comment ? `#comment-${a.detail.comment_id as number}` : ""}`}
      prefetch={false}
      className="text-sky-800 underline"
    >
      {text(a.detail.card_name) ?? slug}
    </Link>
  );
}

/** What the actor did, in words. */
function What({ a }: { a: TEntry }) {
  const card = cardLink(a);
  const folder = text(a.detail.folder_name);
  if (a.kind === "commented" && card) {
    const excerpt = text(a.detail.excerpt);
    return (
      <>
        commented on {card}
        {excerpt ? <span className="text-slate-700">: “{excerpt}”</span> : <span className="text-slate-600"> (comment since deleted)</span>}
      </>
    );
  }
  if (a.kind === "card_added" && card)
    return (
      <>
        added {card} to the folder “{folder}”
      </>
    );
  if (a.kind === "card_removed" && card)
    return (
      <>
        removed {card} from the folder “{folder}”
      </>
    );
  const name = text(a.detail.name);
  return (
    <>
      {WHAT[a.kind] ?? a.kind}
      {name ? ` “${name}”` : ""}
    </>
  );
}

/** Owners and admins: the team's activity log, newest first (the last 100 entries). */
export function Activity() {
  const trpc = useTRPC();
  const log = useQuery(trpc.team.workspace.activity.queryOptions());
  return (
    <Panel className="p-3">
      <h2 className="font-medium">Activity</h2>
      {log.error && <Alert className="mt-2 text-sm">{log.error.message}</Alert>}
      {log.data && log.data.length === 0 && <EmptyState className="mt-2">Nothing yet.</EmptyState>}
      {log.data && log.data.length > 0 && (
        <ol className="mt-2 divide-y divide-slate-100 text-sm" data-testid="team-activity">
          {log.data.map((a) => (
            <li key={a.id} className="py-1.5 break-words" data-testid="team-activity-entry">
              <span className="text-slate-600">{new Date(a.created_at).toLocaleString()}</span> · {a.actor?.email ?? "an operator"}{" "}
              <What a={a} />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
