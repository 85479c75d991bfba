"use client";

import { memo } from "react";
import { Button } from "~/app/_ui/button";
import { STAGE_OR_ROUND, stageOrRoundText, useFilterValueNames } from "./filter-names";
import { VIEW_KEYS } from "./saved-filter-view";

type TSet = (patch: Record<string, string | undefined>) => void;

/** What each filter parameter is called on a chip. */
const NAMES: Record<string, string> = {
  search: "Search",
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

type TChip = { key: string; text: string; remove: Record<string, undefined> };

/**
 * The active filters as chips with their values ("Categories: Fintech, Health"), each removable,
 * and "Clear all"; the stages and rounds share one chip ("Stage or round: Seed or Series A"). A selected saved filter is a chip too; its values show as the other chips.
 */
export const FilterChips = memo(function FilterChips(props: {
  effective: Record<string, string>;
  savedName?: string;
  set: TSet;
  clearAll: () => void;
}) {
  const valueNames = useFilterValueNames();
  const chips: TChip[] = [];
  const stageOrRound = stageOrRoundText(props.effective, valueNames);
  if (stageOrRound)
    chips.push({ key: "stages", text: `${STAGE_OR_ROUND}: ${stageOrRound}`, remove: { stages: undefined, rounds: undefined } });
  for (const [k, v] of Object.entries(props.effective)) {
    if (VIEW_KEYS.has(k) || WITH_SEARCH.has(k) || !NAMES[k]) continue;
    const remove = k === "search" ? { search: undefined, semantic: undefined, min_similarity: undefined } : { [k]: undefined };
    chips.push({ key: k, text: `${NAMES[k]}: ${valueNames(k, v).join(", ")}`, remove });
  }
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
        {chips.map((c) => (
          <li key={c.key} className={chip}>
            <span>{c.text}</span>
            <Button variant="ghost" size="xs" aria-label={`Remove ${c.text}`} onClick={() => props.set(c.remove)}>
              ×
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="link-accent" size="none" onClick={props.clearAll}>
        Clear all
      </Button>
    </div>
  );
});
