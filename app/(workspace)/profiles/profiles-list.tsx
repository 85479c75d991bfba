"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Pager } from "../../_components/pager";
import { useTRPC } from "../../_trpc/client";

const LIMIT = 50;

/** GET /v1/network_a/profiles/, optionally within one collection. */
export function ProfilesList() {
  const trpc = useTRPC();
  const [collection, setCollection] = useState("");
  const [offset, setOffset] = useState(0);
  const collections = useQuery(trpc.rawData.collections.queryOptions({}));
  const profiles = useQuery({
    ...trpc.rawData.profiles.queryOptions({ limit: String(LIMIT), offset: String(offset), ...(collection ? { collection } : {}) }),
    placeholderData: keepPreviousData,
  });
  if (collections.error) return <p role="alert" className="mt-4 text-sm text-rose-700">{collections.error.message}</p>;
  return (
    <div className="mt-4">
      <select
        aria-label="Collection"
        value={collection}
        onChange={(e) => {
          setCollection(e.target.value);
          setOffset(0);
        }}
        className="rounded border border-slate-300 px-2 py-1.5 text-sm"
      >
        <option value="">All profiles</option>
        {collections.data?.data.map((c) => (
          <option key={c.slug} value={c.slug}>{c.name}</option>
        ))}
      </select>
      {profiles.error && <p role="alert" className="mt-4 text-sm text-rose-700">{profiles.error.message}</p>}
      <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        {profiles.data?.data.map((p) => (
          <li key={p.id} className="p-3">
            <div className="font-medium">{p.name}</div>
            <div className="text-slate-600">{p.headline}</div>
            <div className="text-xs text-slate-500">
              {[p.location, p.classification?.replaceAll("_", " "), p.path?.replaceAll("_", " ")].filter(Boolean).join(" · ")}
            </div>
          </li>
        ))}
      </ul>
      {profiles.data && (
        <Pager
          offset={offset}
          limit={LIMIT}
          total={profiles.data.pagination.total}
          hasNext={profiles.data.pagination.has_next}
          onChange={setOffset}
        />
      )}
    </div>
  );
}
