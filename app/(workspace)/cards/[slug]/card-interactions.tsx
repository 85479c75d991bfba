"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "../../../_trpc/client";
import { Pager } from "../../../_ui/pager";
import { Alert } from "../../../_ui/alert";

const PAGE = 20;

/** The card's whole interaction history, newest first, paged; each participant links to the cards it signalled. */
export function CardInteractions({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const page = useQuery({
    ...trpc.cards.interactions.queryOptions({ slug, limit: PAGE, offset, include_total: true }),
    placeholderData: keepPreviousData,
  });
  const who = (p: { name: string; slug: string }) => (
    <Link href={`/cards?participants=${encodeURIComponent(p.slug)}`} className="text-sky-800 underline" title={`Cards ${p.name} signalled`}>
      {p.name}
    </Link>
  );
  return (
    <section aria-labelledby="interactions-h">
      <h2 id="interactions-h" className="text-lg font-medium">
        Interactions
      </h2>
      {page.error && <Alert className="text-sm">{page.error.message}</Alert>}
      <ul
        className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm"
        data-testid="interactions"
        aria-busy={page.isFetching}
      >
        {page.data?.data.map((i) => (
          <li key={i.id} className="flex flex-wrap justify-between gap-2 p-3">
            <span>
              {who(i.participant)}
              {i.associated_participant ? <span className="text-slate-500"> · {who(i.associated_participant)}</span> : null}
            </span>
            <time className="text-slate-600" dateTime={i.created_at}>
              {i.created_at.slice(0, 10)}
            </time>
          </li>
        ))}
        {page.data?.data.length === 0 && <li className="p-3 text-slate-600">No interaction recorded yet.</li>}
      </ul>
      {page.data && (page.data.pagination.total ?? 0) > PAGE && (
        <Pager
          offset={offset}
          limit={PAGE}
          total={page.data.pagination.total}
          hasNext={page.data.pagination.has_next}
          onOffset={setOffset}
        />
      )}
    </section>
  );
}
