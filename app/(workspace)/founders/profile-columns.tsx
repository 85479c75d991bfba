"use client";

import Link from "next/link";
import type { TColumn } from "~/app/_ui/table-column";
import { words, type TProfileItem } from "./profile-types";

/** The founder profiles table's columns (/founders and /founders/collections/<slug>). */
export const PROFILE_COLUMNS: TColumn<TProfileItem>[] = [
  {
    id: "name",
    meta: { label: "Name", sortField: "name", fixed: true, className: "min-w-44" },
    cell: ({ row }) => (
      <Link href={`/founders/${row.original.id}`} prefetch={false} className="font-medium text-slate-900 hover:underline">
        {row.original.name}
      </Link>
    ),
  },
  {
    id: "headline",
    meta: { label: "Headline", className: "max-w-72" },
    cell: ({ row }) => <span className="line-clamp-2">{row.original.headline ?? "—"}</span>,
  },
  { id: "location", meta: { label: "Location" }, cell: ({ row }) => row.original.location ?? "—" },
  { id: "classification", meta: { label: "Classification" }, cell: ({ row }) => words(row.original.classification) },
  { id: "path", meta: { label: "Path" }, cell: ({ row }) => words(row.original.path) },
  { id: "status", meta: { label: "Status" }, cell: ({ row }) => words(row.original.status) },
  {
    id: "tags",
    meta: { label: "Tags", className: "max-w-64" },
    cell: ({ row }) => <span className="line-clamp-2">{row.original.tags.join(", ") || "—"}</span>,
  },
  { id: "created", meta: { label: "Added", sortField: "created_at" }, cell: ({ row }) => row.original.created_at.slice(0, 10) },
  { id: "updated", meta: { label: "Updated", sortField: "updated_at" }, cell: ({ row }) => row.original.updated_at.slice(0, 10) },
];

export const PROFILE_COLUMNS_HIDDEN = ["status", "tags", "updated"];
