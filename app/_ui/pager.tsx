"use client";

import { useId } from "react";

/** Paging of a list: previous/next, page N of M with the total, and the page size. */
export function Pager(props: {
  offset: number;
  limit: number;
  total: number | null | undefined;
  hasNext: boolean;
  sizes?: number[];
  onOffset: (offset: number) => void;
  onLimit?: (limit: number) => void;
}) {
  const { offset, limit, total, hasNext } = props;
  const id = useId();
  const page = Math.floor(offset / limit) + 1;
  const btn = "rounded border border-slate-300 bg-white px-3 py-1 disabled:opacity-40";
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
      <button type="button" disabled={offset === 0} onClick={() => props.onOffset(Math.max(0, offset - limit))} className={btn}>
        Previous
      </button>
      <span data-testid="page-status">
        Page {page}
        {total != null ? ` of ${Math.max(1, Math.ceil(total / limit)).toLocaleString("en")} · ${total.toLocaleString("en")} results` : ""}
      </span>
      <button type="button" disabled={!hasNext} onClick={() => props.onOffset(offset + limit)} className={btn}>
        Next
      </button>
      {props.onLimit && (
        <span className="ml-auto flex items-center gap-1">
          <label htmlFor={id}>Per page</label>
          <select
            id={id}
            value={limit}
            onChange={(e) => props.onLimit!(Number(e.target.value))}
            className="rounded border border-slate-300 bg-white px-1 py-1"
          >
            {(props.sizes ?? [20, 50, 100]).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      )}
    </nav>
  );
}
