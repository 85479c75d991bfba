"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "../../../_trpc/client";

/** One card: what it is, who signalled it and when (GET /v1/cards/<slug>/). */
export function CardDetail({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.cards.detail.queryOptions({ slug, include_user_data: true }));
  if (detail.error) return <p role="alert" className="text-rose-700">{detail.error.message}</p>;
  const card = detail.data?.data;
  if (!card) return <p className="text-slate-500">Loading…</p>;
  return (
    <article>
      <Link href="/cards" className="text-sm text-slate-500 hover:underline">← Cards</Link>
      <h1 className="mt-2 text-2xl font-semibold">{card.name}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{card.description}</p>
      <dl className="mt-4 grid max-w-3xl grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
        <div><dt className="text-slate-500">Stage</dt><dd>{card.stage.name}</dd></div>
        <div><dt className="text-slate-500">Round</dt><dd>{card.round.name}</dd></div>
        <div><dt className="text-slate-500">Signals</dt><dd>{card.interactions_count}</dd></div>
        <div><dt className="text-slate-500">Location</dt><dd>{card.location?.formatted ?? "—"}</dd></div>
      </dl>
      {card.url && (
        <a href={card.url} className="mt-3 inline-block text-sm text-sky-700 underline" rel="noreferrer" target="_blank">
          {card.url}
        </a>
      )}
      <h2 className="mt-8 text-lg font-medium">Recent interactions</h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        {(card.interactions ?? []).map((i) => (
          <li key={i.id} className="flex justify-between p-3">
            <span>
              {i.participant.name}
              {i.associated_participant ? <span className="text-slate-500"> · {i.associated_participant.name}</span> : null}
            </span>
            <time className="text-slate-500" dateTime={i.created_at}>{new Date(i.created_at).toLocaleDateString()}</time>
          </li>
        ))}
      </ul>
      {card.has_more_interactions && <p className="mt-2 text-xs text-slate-500">Older interactions are available through the API.</p>}
    </article>
  );
}
