"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Pager } from "../../_components/pager";
import { useTRPC } from "../../_trpc/client";

const LIMIT = 50;

/** Funds, investors and angels (GET /v1/participants/), most active first by default. */
export function ParticipantsList() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [type, setType] = useState("");
  const [offset, setOffset] = useState(0);
  const types = useQuery(trpc.participants.types.queryOptions({}));
  const list = useQuery({
    ...trpc.participants.list.queryOptions({
      limit: LIMIT,
      offset,
      sort: "most_active",
      ...(query ? { search: query } : {}),
      ...(type ? { type } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="mt-4">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
          setOffset(0);
        }}
      >
        <input
          aria-label="Search participants"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search name and description"
          className="w-72 rounded border border-slate-300 px-3 py-1.5 text-sm"
        />
        <select
          aria-label="Type"
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setOffset(0);
          }}
          className="rounded border border-slate-300 px-2 text-sm"
        >
          <option value="">All types</option>
          {types.data?.data.map((t) => (
            <option key={t.slug} value={t.slug}>{t.name}</option>
          ))}
        </select>
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">Search</button>
      </form>
      <table className="mt-4 w-full rounded-lg border border-slate-200 bg-white text-left text-sm" data-testid="participant-list">
        <thead className="text-slate-500">
          <tr><th className="p-3">Name</th><th>Type</th><th>Part of</th><th className="pr-3 text-right">Signals / 30 days</th></tr>
        </thead>
        <tbody>
          {list.data?.data.map((p) => (
            <tr key={p.slug} className="border-t border-slate-100">
              <td className="p-3 font-medium">{p.name}</td>
              <td>{p.type}</td>
              <td>{p.associated_with?.name ?? ""}</td>
              <td className="pr-3 text-right">{p.monthly_signals}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && (
        <Pager offset={offset} limit={LIMIT} total={list.data.pagination.total} hasNext={list.data.pagination.has_next} onChange={setOffset} />
      )}
    </div>
  );
}
