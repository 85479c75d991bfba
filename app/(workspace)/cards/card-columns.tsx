"use client";

import Link from "next/link";
import { createContext, useContext } from "react";
import { Badge } from "~/app/_ui/badge";
import type { TColumn } from "~/app/_ui/table-column";
import { displayableImage } from "~/app/_ui/remote-image";
import type { TCardRowItem } from "./card-types";

/** The cards table's columns (used by /cards and /folders/<id>); sortable ones name their REST sort field. */

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "—");

/**
 * When the list shows a saved filter, the instant (ms) from which its cards are new (added since
 * the filter was last marked seen): those rows carry a "New" mark. Null elsewhere.
 */
export const NewSinceContext = createContext<number | null>(null);

function NameCell({ card: c }: { card: TCardRowItem }) {
  const since = useContext(NewSinceContext);
  const image = displayableImage(c.image);
  const isNew = since !== null && c.created_at !== undefined && c.created_at !== null && Date.parse(c.created_at) >= since;
  return (
    <div className="flex items-center gap-2">
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element -- logos from imported data on any https host, shown as they are: next/image would fetch them through this server
        <img src={image} alt="" width={24} height={24} className="h-6 w-6 shrink-0 rounded object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded bg-slate-200 text-xs text-slate-600">
          {c.name?.[0] ?? "?"}
        </span>
      )}
      <Link href={`/cards/${c.slug}`} prefetch={false} className="font-medium text-slate-900 hover:underline">
        {c.name}
      </Link>
      {isNew && (
        <Badge tone="success" className="text-xs font-medium" testId="new-mark">
          New
        </Badge>
      )}
      {c.similarity !== undefined && <span className="text-xs text-slate-500">{Math.round(c.similarity * 100)}%</span>}
    </div>
  );
}

export const CARD_COLUMNS: TColumn<TCardRowItem>[] = [
  {
    id: "name",
    meta: { label: "Name", sortField: "name", fixed: true, className: "min-w-48" },
    cell: ({ row }) => <NameCell card={row.original} />,
  },
  { id: "stage", meta: { label: "Stage" }, cell: ({ row }) => row.original.stage?.name ?? "—" },
  { id: "round", meta: { label: "Round" }, cell: ({ row }) => row.original.round?.name ?? "—" },
  { id: "location", meta: { label: "Location" }, cell: ({ row }) => row.original.location?.formatted ?? "—" },
  {
    id: "categories",
    meta: { label: "Categories", className: "max-w-64" },
    cell: ({ row }) => <span className="line-clamp-2">{(row.original.categories ?? []).map((c) => c.name).join(", ") || "—"}</span>,
  },
  {
    id: "signals",
    meta: { label: "Signals", sortField: "interactions_count", className: "text-right" },
    cell: ({ row }) => row.original.interactions_count ?? 0,
  },
  { id: "first", meta: { label: "First signal" }, cell: ({ row }) => day(row.original.first_interaction_at) },
  { id: "last", meta: { label: "Last signal", sortField: "latest_signal_date" }, cell: ({ row }) => day(row.original.last_interaction_at) },
  { id: "created", meta: { label: "Added", sortField: "created_at" }, cell: ({ row }) => day(row.original.created_at) },
  {
    id: "flags",
    meta: { label: "Flags" },
    cell: ({ row }) => {
      const c = row.original;
      const flags = [
        c.trending && "trending",
        c.open_to_intro && "open to intro",
        c.has_intro_request && "intro requested",
        c.user_data?.is_liked && "liked",
        c.user_data?.has_note && "note",
      ].filter(Boolean) as string[];
      return (
        <span className="flex flex-wrap gap-1">
          {flags.map((f) => (
            <span key={f} className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">
              {f}
            </span>
          ))}
        </span>
      );
    },
  },
];

export const CARD_COLUMNS_HIDDEN = ["first", "created"];
