"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import type { TOption } from "~/app/_ui/filters";
import { useParticipantPlaces } from "./participant-places";
import { plural } from "~/server/lib/plural";

/** What tells participants of the same name apart: type, firm, where they signal and how active they are. */
function participantDisambiguation(
  p: { type: string; self_associated: boolean; associated_with: { name: string } | null; monthly_signals: number },
  country: string | null | undefined,
): string {
  return [
    p.type.replaceAll("_", " "),
    !p.self_associated && p.associated_with ? `at ${p.associated_with.name}` : null,
    country ? `signals in ${country}` : null,
    `${plural(p.monthly_signals, "signal")} / 30 days`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Participants by name for the cards list's participants filter (GET /v1/participants/?search=),
 * the most active first; each option's label carries the disambiguation.
 */
export function useParticipantSuggestions(q: string): { options: TOption[]; loading: boolean } {
  const trpc = useTRPC();
  const r = useQuery({ ...trpc.participants.list.queryOptions({ search: q, limit: 10, sort: "most_active" }), enabled: q.length > 0 });
  const found = q.length > 0 ? (r.data?.data ?? []) : [];
  const places = useParticipantPlaces(found.map((p) => p.slug));
  return {
    options: found.map((p) => ({ value: p.slug, label: `${p.name} — ${participantDisambiguation(p, places.get(p.slug)?.country)}` })),
    loading: r.isFetching,
  };
}
