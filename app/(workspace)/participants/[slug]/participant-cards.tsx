"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "../../../_trpc/client";
import { Alert } from "../../../_ui/alert";

const SHOWN = 10;

/** The cards the participant signalled (the cards list's participants filter), latest signal first, with a link to all of them. */
export function ParticipantCards({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const cards = useQuery(trpc.cards.list.queryOptions({ participants: slug, limit: String(SHOWN), include_total: "true" }));
  const all = `/cards?participants=${encodeURIComponent(slug)}`;
  return (
    <section aria-labelledby="cards-h">
      <h2 id="cards-h" className="text-lg font-medium">
        Cards it touched
      </h2>
      {cards.error && <Alert className="text-sm">{cards.error.message}</Alert>}
      <ul className="mt-1 space-y-1 text-sm" data-testid="participant-cards">
        {cards.data?.data.map((c) => (
          <li key={c.slug}>
            <Link href={`/cards/${c.slug}`} className="text-sky-800 underline">
              {c.name}
            </Link>
            <span className="text-xs text-slate-600"> · {c.interactions_count ?? 0} signals</span>
          </li>
        ))}
        {cards.data?.data.length === 0 && <li className="text-slate-600">None yet.</li>}
        {!cards.data && !cards.error && <li className="text-slate-600">Loading…</li>}
      </ul>
      {cards.data && (cards.data.pagination.total ?? 0) > 0 && (
        <Link href={all} className="mt-2 inline-block text-sm text-sky-800 underline">
          All {cards.data.pagination.total?.toLocaleString("en")} cards on the Cards page
        </Link>
      )}
    </section>
  );
}
