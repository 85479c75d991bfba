"use client";

import { memo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { Button } from "~/app/_ui/button";
import { windowText } from "~/app/_ui/filters";
import { listParam } from "~/app/_ui/use-url-params";
import { VIEW_KEYS } from "./saved-filter-view";

type TSet = (patch: Record<string, string | undefined>) => void;

/** What each filter parameter is called on a chip. */
const NAMES: Record<string, string> = {
  search: "Search",
  stages: "Stages",
  rounds: "Rounds",
  categories: "Categories",
  locations: "Locations",
  participants: "Participants",
  source_types: "Source types",
  display_preference: "Web2 or web3",
  folder_ids: "Folders",
  featured: "Featured",
  new: "New",
  trending: "Trending",
  min_signals: "Signals at least",
  max_signals: "Signals at most",
  created_after: "Added from",
  created_before: "Added to",
  created_within_days: "Added",
  updated_after: "Updated from",
  updated_before: "Updated to",
  updated_within_days: "Updated",
  last_interaction_after: "Last signal from",
  last_interaction_before: "Last signal to",
  last_interaction_within_days: "Last signal",
  first_interaction_after: "First signal from",
  first_interaction_before: "First signal to",
  first_interaction_within_days: "First signal",
};

/** Follows the semantic toggle of the search box, not a chip of its own. */
const WITH_SEARCH = new Set(["semantic", "min_similarity"]);

/**
 * The active filters as chips with their values ("Stages: Seed, MVP"), each removable, and
 * "Clear all". A selected saved filter is a chip too; its values show as the other chips.
 */
export const FilterChips = memo(function FilterChips(props: {
  effective: Record<string, string>;
  savedName?: string;
  set: TSet;
  clearAll: () => void;
}) {
  const trpc = useTRPC();
  const stages = useQuery(trpc.cards.stages.queryOptions({})).data?.data;
  const rounds = useQuery(trpc.cards.rounds.queryOptions({})).data?.data;
  const sourceTypes = useQuery(trpc.cards.sourceTypes.queryOptions({})).data?.data;
  const categories = useQuery(trpc.cards.categories.queryOptions({})).data?.data;
  const locations = useQuery(trpc.cards.locations.queryOptions({})).data?.data;
  const names = new Map<string, string>();
  for (const o of [...(stages ?? []), ...(rounds ?? []), ...(sourceTypes ?? [])]) names.set(o.slug, o.name);
  for (const p of [...(categories ?? []), ...(locations ?? [])]) {
    names.set(p.slug, p.name);
    for (const c of p.children) names.set(c.slug, c.name);
  }
  const folders = useQuery(trpc.user.folders.list.queryOptions()).data ?? [];
  const folderName = new Map(folders.map((f) => [String(f.id), f.name]));

  const valueText = (key: string, v: string): string => {
    if (key.endsWith("_within_days")) return windowText(v);
    if (v === "true") return "yes";
    if (v === "false") return "no";
    if (key === "folder_ids")
      return listParam(v)
        .map((x) => folderName.get(x) ?? x)
        .join(", ");
    if (["stages", "rounds", "categories", "locations", "source_types"].includes(key))
      return listParam(v)
        .map((x) => names.get(x) ?? x)
        .join(", ");
    return listParam(v).join(", ") || v;
  };
  const chips = Object.entries(props.effective).filter(([k]) => !VIEW_KEYS.has(k) && !WITH_SEARCH.has(k) && NAMES[k]);
  if (chips.length === 0 && !props.savedName) return null;
  const chip = "flex items-center gap-1 rounded-full border border-sky-300 bg-sky-50 py-0.5 pr-1 pl-2.5 text-sm text-sky-950";
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters" data-testid="filter-chips">
        {props.savedName && (
          <li className={chip}>
            <span>Saved filter: {props.savedName}</span>
            <Button
              variant="ghost"
              size="xs"
              aria-label={`Remove saved filter ${props.savedName}`}
              onClick={() => props.set({ filter_id: undefined, only_new: undefined })}
            >
              ×
            </Button>
          </li>
        )}
        {chips.map(([k, v]) => {
          const text = `${NAMES[k]}: ${valueText(k, v)}`;
          return (
            <li key={k} className={chip}>
              <span>{text}</span>
              <Button
                variant="ghost"
                size="xs"
                aria-label={`Remove ${text}`}
                onClick={() =>
                  props.set(k === "search" ? { search: undefined, semantic: undefined, min_similarity: undefined } : { [k]: undefined })
                }
              >
                ×
              </Button>
            </li>
          );
        })}
      </ul>
      <Button variant="link-accent" size="none" onClick={props.clearAll}>
        Clear all
      </Button>
    </div>
  );
});
