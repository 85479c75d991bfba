"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { CardComments } from "./card-comments";

/**
 * The card page's team side (an account in a team only): the team's shared folders holding the
 * card, the teammates who liked it, and the team's comment thread. One query (team.cardPanel)
 * decides; for an account in no team it answers null and nothing more is asked or shown.
 */
export function CardTeam({ cardId }: { cardId: number }) {
  const trpc = useTRPC();
  const panel = useQuery(trpc.team.cardPanel.queryOptions({ cardId }));
  if (panel.error) return <Alert className="text-sm">Could not load the team panel: {panel.error.message}</Alert>;
  const p = panel.data;
  if (!p) return null;
  return (
    <>
      <section aria-labelledby="team-h" data-testid="card-team-panel">
        <h2 id="team-h" className="text-lg font-medium">
          {p.team.name}
        </h2>
        <h3 className="mt-1 text-sm font-medium">In the team&apos;s folders</h3>
        {p.folders.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1 text-sm" data-testid="team-folders">
            {p.folders.map((f) => (
              <li key={f.id}>
                <Link href={`/folders/${f.id}`} className="rounded bg-sky-50 px-1.5 text-sky-900 hover:underline">
                  {f.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">None of the team&apos;s shared folders holds it.</p>
        )}
        <h3 className="mt-2 text-sm font-medium">Liked by teammates</h3>
        {p.liked_by.length > 0 ? (
          <ul className="mt-1 text-sm" data-testid="team-likes">
            {p.liked_by.map((a) => (
              <li key={a.id}>
                ♥ {a.name ?? a.email}
                {a.name && <span className="text-xs text-slate-600"> · {a.email}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No teammate has liked it yet.</p>
        )}
      </section>
      <CardComments cardId={cardId} team={p} />
    </>
  );
}
