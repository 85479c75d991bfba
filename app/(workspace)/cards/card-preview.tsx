"use client";

import Link from "next/link";
import { buttonClass } from "~/app/_ui/button";
import { ExternalLink } from "~/app/_ui/external-link";
import type { TCardRowItem } from "./card-types";

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "—");

/** A card as the list's side panel previews it (Space on a row): what the row holds, in full. */
export function CardPreview({ card: c }: { card: TCardRowItem }) {
  const signals = c.interactions_count ?? 0;
  const facts: [string, string][] = [
    ["Stage", c.stage?.name ?? "—"],
    ["Round", c.round?.name ?? "—"],
    ["Location", c.location?.formatted ?? "—"],
    ["Categories", (c.categories ?? []).map((x) => x.name).join(", ") || "—"],
    ["Signals", `${signals.toLocaleString("en")}${c.trending ? " · trending" : ""}`],
    ["Last signal", day(c.last_interaction_at)],
    ["Added", day(c.created_at)],
  ];
  return (
    <div className="mt-2 space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{c.name}</h2>
      {c.description ? <p className="text-sm whitespace-pre-line text-slate-700">{c.description}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Link href={`/cards/${c.slug}`} prefetch={false} className={buttonClass("primary", "sm")}>
          Open card
        </Link>
        {c.url && <ExternalLink url={c.url}>Website</ExternalLink>}
      </div>
    </div>
  );
}
