"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { useTRPC } from "~/app/_trpc/client";

/**
 * Where participants signal (workspace.participantPlaces: the country most of their latest signals'
 * cards are in), read once for a page of participants. Participants carry no location of their
 * own; this one tells same-name participants apart.
 */

export type TPlaces = Map<string, { country: string | null; share: number }>;

export function useParticipantPlaces(slugs: string[]): TPlaces {
  const trpc = useTRPC();
  const sorted = [...new Set(slugs)].sort();
  const r = useQuery({
    ...trpc.workspace.participantPlaces.queryOptions({ slugs: sorted.slice(0, 100) }),
    enabled: sorted.length > 0,
    staleTime: 5 * 60_000,
  });
  return new Map((r.data?.data ?? []).map((p) => [p.slug, { country: p.country, share: p.share }]));
}

const PlacesContext = createContext<TPlaces | null>(null);

export function PlacesProvider({ places, children }: { places: TPlaces; children: ReactNode }) {
  return <PlacesContext.Provider value={places}>{children}</PlacesContext.Provider>;
}

/** A participant's place for a table cell: the country, "—" when none, "…" while it loads. */
export function ParticipantPlace({ slug }: { slug: string }) {
  const places = useContext(PlacesContext);
  const place = places?.get(slug);
  if (!place) return <span className="text-slate-500">…</span>;
  if (!place.country) return <>—</>;
  return <span title={`${Math.round(place.share * 100)}% of its latest signals are on cards in ${place.country}`}>{place.country}</span>;
}
