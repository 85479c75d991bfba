"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Pager } from "../../_components/pager";
import { useTRPC } from "../../_trpc/client";

const SORTS = [
  { value: "latest_signal_date:desc", label: "Latest signal" },
  { value: "trending", label: "Trending" },
  { value: "recent", label: "Recently added" },
  { value: "most_active", label: "Most active" },
];
const LIMIT = 20;

/** Card list with the filters analysts use most; every control maps to a /v1/cards/ parameter. */
export function CardsExplorer() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [stage, setStage] = useState("");
  const [category, setCategory] = useState("");
  const [sort, setSort] = useState(SORTS[0]!.value);
  const [offset, setOffset] = useState(0);
  const stages = useQuery(trpc.cards.stages.queryOptions({}));
  const categories = useQuery(trpc.cards.categories.queryOptions({}));
  const input = {
    limit: LIMIT,
    offset,
    sort,
    include_user_data: true,
    ...(query ? { search: query } : {}),
    ...(stage ? { stages: [stage] } : {}),
    ...(category ? { categories: [category] } : {}),
  };
  const cards = useQuery({ ...trpc.cards.list.queryOptions(input), placeholderData: keepPreviousData });
  const reset = (fn: () => void) => {
    fn();
    setOffset(0);
  };

  return (
    <div className="mt-4">
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          reset(() => setQuery(search.trim()));
        }}
      >
        <input
          aria-label="Search cards"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search name and description"
          className="w-72 rounded border border-slate-300 px-3 py-1.5 text-sm"
        />
        <select aria-label="Stage" value={stage} onChange={(e) => reset(() => setStage(e.target.value))} className="rounded border border-slate-300 px-2 text-sm">
          <option value="">All stages</option>
          {stages.data?.data.map((s) => (
            <option key={s.slug} value={s.slug}>{s.name}</option>
          ))}
        </select>
        <select aria-label="Category" value={category} onChange={(e) => reset(() => setCategory(e.target.value))} className="rounded border border-slate-300 px-2 text-sm">
          <option value="">All categories</option>
          {categories.data?.data.map((c) => (
            <optgroup key={c.slug} label={c.name}>
              <option value={c.slug}>{c.name} (all)</option>
              {c.children.map((child) => (
                <option key={child.slug} value={child.slug}>{child.name}</option>
              ))}
            </optgroup>
          ))}
        </select>
        <select aria-label="Sort" value={sort} onChange={(e) => reset(() => setSort(e.target.value))} className="rounded border border-slate-300 px-2 text-sm">
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>{s.label}</option>
          ))}
        </select>
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">Search</button>
      </form>

      {cards.error && <p role="alert" className="mt-4 text-sm text-rose-700">{cards.error.message}</p>}
      <ul
        className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        data-testid="card-list"
        aria-busy={cards.isPlaceholderData || cards.isPending}
      >
        {cards.data?.data.map((card) => (
          <li key={card.slug} className="flex items-start gap-4 p-4">
            <div className="min-w-0 flex-1">
              <Link href={`/cards/${card.slug}`} className="font-medium text-slate-900 hover:underline">{card.name}</Link>
              <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{card.description}</p>
              <p className="mt-1 text-xs text-slate-500">
                {card.stage?.name} · {card.round?.name}
                {card.location ? ` · ${card.location.formatted ?? ""}` : ""}
                {card.categories?.length ? ` · ${card.categories.map((c) => c.name).join(", ")}` : ""}
              </p>
            </div>
            <div className="text-right text-xs text-slate-500">
              <div className="text-base font-semibold text-slate-900">{card.interactions_count}</div>
              signals
              {card.trending && <div className="mt-1 rounded bg-amber-100 px-1.5 text-amber-800">trending</div>}
            </div>
          </li>
        ))}
        {cards.data && cards.data.data.length === 0 && <li className="p-4 text-sm text-slate-500">No cards match.</li>}
      </ul>
      {cards.data && (
        <Pager offset={offset} limit={LIMIT} total={cards.data.pagination.total} hasNext={cards.data.pagination.has_next} onChange={setOffset} />
      )}
    </div>
  );
}
