"use client";

/** Previous / next controls for an offset-paginated list. */
export function Pager(props: {
  offset: number;
  limit: number;
  total: number | null;
  hasNext: boolean;
  onChange: (offset: number) => void;
}) {
  const { offset, limit, total, hasNext, onChange } = props;
  const page = Math.floor(offset / limit) + 1;
  return (
    <div className="mt-4 flex items-center gap-3 text-sm text-slate-600">
      <button
        type="button"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - limit))}
        className="rounded border border-slate-300 px-3 py-1 disabled:opacity-40"
      >
        Previous
      </button>
      <span>
        Page {page}
        {total !== null ? ` of ${Math.max(1, Math.ceil(total / limit))} · ${total.toLocaleString()} results` : ""}
      </span>
      <button
        type="button"
        disabled={!hasNext}
        onClick={() => onChange(offset + limit)}
        className="rounded border border-slate-300 px-3 py-1 disabled:opacity-40"
      >
        Next
      </button>
    </div>
  );
}
