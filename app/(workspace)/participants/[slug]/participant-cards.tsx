"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { CardLinkList } from "~/app/(workspace)/_records/card-link-list";

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
      <CardLinkList
        cards={cards.data?.data}
        testId="participant-cards"
        status={cards.data?.data.length === 0 ? "None yet." : !cards.data && !cards.error ? "Loading…" : undefined}
      />
      {cards.data && (cards.data.pagination.total ?? 0) > 0 && (
        <Link href={all} className="mt-2 inline-block text-sm text-sky-800 underline">
          All {cards.data.pagination.total?.toLocaleString("en")} cards on the Cards page
        </Link>
      )}
    </section>
  );
}
