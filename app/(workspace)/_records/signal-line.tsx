import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "~/app/_ui/badge";

/**
 * One interaction (a signal) on a card or participant page, with what the data holds about it:
 * the kind of signal (its source type, explained in words), the person who made it with their
 * type, the fund it was made for, and the date.
 */

export interface TSignalPerson {
  slug: string;
  name: string;
  type_name: string;
}

export interface TSignal {
  id: number;
  created_at: string;
  source_type: { slug: string; name: string; group: string } | null;
  participant: TSignalPerson;
  associated_participant: TSignalPerson | null;
}

/** What each source type's signals are (the spec's source types), by group. */
const KIND: Record<string, string> = {
  social: "investor activity tracked on social networks",
  launch_board: "a leaderboard or upvote signal",
  network_a: "a discovery signal on the professional network",
  code_host: "a trending or rising code repository",
  new_company: "a new company registration",
};

const signalKind = (s: TSignal["source_type"]) => (s ? (KIND[s.group] ?? s.name) : "source not recorded");

const person = (p: TSignalPerson) => (
  <>
    <Link href={`/participants/${encodeURIComponent(p.slug)}`} className="font-medium text-sky-800 underline">
      {p.name}
    </Link>{" "}
    <span className="text-xs text-slate-600">({p.type_name})</span>
  </>
);

/**
 * `lead` opens the line (the card's name on a participant page); `self` is the page's own
 * participant, named "this participant" rather than linked to itself.
 */
export function SignalLine({ signal, lead, self }: { signal: TSignal; lead?: ReactNode; self?: string }) {
  const p = signal.participant;
  const a = signal.associated_participant;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 p-3" data-testid="signal">
      <div className="min-w-0 space-y-0.5">
        {lead && <p>{lead}</p>}
        <p className="flex flex-wrap items-center gap-x-1.5">
          <Badge tone="info" className="text-xs font-medium" testId="signal-source">
            {signal.source_type?.name ?? "Unknown source"}
          </Badge>
          <span className="text-xs text-slate-600">{signalKind(signal.source_type)}</span>
        </p>
        <p>
          <span className="text-slate-600">by </span>
          {p.slug === self ? <span className="font-medium">this participant</span> : person(p)}
          {a && a.slug !== p.slug && (
            <>
              <span className="text-slate-600"> for </span>
              {a.slug === self ? <span className="font-medium">this participant</span> : person(a)}
            </>
          )}
        </p>
      </div>
      <time className="shrink-0 text-slate-600" dateTime={signal.created_at}>
        {signal.created_at.slice(0, 10)}
      </time>
    </li>
  );
}
