"use client";

import Link from "next/link";
import type { TColumn } from "~/app/_ui/table-column";
import { displayableImage } from "~/app/_ui/remote-image";
import type { TParticipantRow } from "./participant-types";
import { Badge } from "~/app/_ui/badge";
import { ParticipantPlace } from "../_records/participant-places";

/**
 * The participants table's columns; sortable ones name their REST sort field. Type, firm, where it
 * signals and its activity sit beside each name: they tell same-name participants apart.
 */
export const PARTICIPANT_COLUMNS: TColumn<TParticipantRow>[] = [
  {
    id: "name",
    meta: { label: "Name", sortField: "name", fixed: true, className: "min-w-44" },
    cell: ({ row }) => {
      const p = row.original;
      const image = displayableImage(p.image);
      return (
        <div className="flex items-center gap-2">
          {image ? (
            // eslint-disable-next-line @next/next/no-img-element -- logos from imported data on any https host, shown as they are: next/image would fetch them through this server
            <img src={image} alt="" width={24} height={24} className="h-6 w-6 shrink-0 rounded object-cover" loading="lazy" />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-6 w-6 shrink-0 items-center justify-center rounded bg-slate-200 text-xs text-slate-600"
            >
              {p.name[0] ?? "?"}
            </span>
          )}
          <Link
            href={`/participants/${encodeURIComponent(p.slug)}`}
            prefetch={false}
            className="font-medium text-slate-900 hover:underline"
          >
            {p.name}
          </Link>
          {p.similarity !== undefined && <span className="text-xs text-slate-600">{Math.round(p.similarity * 100)}%</span>}
        </div>
      );
    },
  },
  { id: "type", meta: { label: "Type" }, cell: ({ row }) => row.original.type.replaceAll("_", " ") },
  {
    id: "associated",
    meta: { label: "Firm" },
    cell: ({ row }) => {
      const firm = row.original.self_associated ? null : row.original.associated_with;
      return firm ? (
        <Link href={`/participants/${encodeURIComponent(firm.slug)}`} prefetch={false} className="hover:underline">
          {firm.name}
        </Link>
      ) : (
        "—"
      );
    },
  },
  { id: "place", meta: { label: "Signals in" }, cell: ({ row }) => <ParticipantPlace slug={row.original.slug} /> },
  {
    id: "focus",
    meta: { label: "Focus" },
    cell: ({ row }) => [row.original.web2 && "web2", row.original.web3 && "web3"].filter(Boolean).join(", ") || "—",
  },
  {
    id: "about",
    meta: { label: "About", className: "max-w-72" },
    cell: ({ row }) => <span className="line-clamp-2">{row.original.about ?? "—"}</span>,
  },
  {
    id: "signals",
    meta: { label: "Signals / 30 days", sortField: "monthly_signals", className: "text-right" },
    cell: ({ row }) => row.original.monthly_signals,
  },
  {
    id: "saved",
    meta: { label: "Saved" },
    cell: ({ row }) =>
      row.original.is_saved ? (
        <Badge tone="success" className="text-xs">
          saved
        </Badge>
      ) : null,
  },
];

export const PARTICIPANT_COLUMNS_HIDDEN = ["about"];
