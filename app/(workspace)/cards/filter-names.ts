"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { windowText } from "~/app/_ui/filters";
import { listParam } from "~/app/_ui/use-url-params";

/** The list parameters whose values are reference data slugs, shown by their names. */
const NAMED = new Set(["stages", "rounds", "categories", "locations", "source_types"]);

/**
 * A card-list filter value in words: reference data slugs by their names, folder ids by their
 * folders' names, a rolling window as "last 30 days", flags as yes or no. Answers the values of a
 * list parameter one by one.
 */
export function useFilterValueNames(): (key: string, value: string) => string[] {
  const trpc = useTRPC();
  const stages = useQuery(trpc.cards.stages.queryOptions({})).data?.data;
  const rounds = useQuery(trpc.cards.rounds.queryOptions({})).data?.data;
  const sourceTypes = useQuery(trpc.cards.sourceTypes.queryOptions({})).data?.data;
  const categories = useQuery(trpc.cards.categories.queryOptions({})).data?.data;
  const locations = useQuery(trpc.cards.locations.queryOptions({})).data?.data;
  const folders = useQuery(trpc.user.folders.list.queryOptions()).data ?? [];
  const names = new Map<string, string>();
  for (const o of [...(stages ?? []), ...(rounds ?? []), ...(sourceTypes ?? [])]) names.set(o.slug, o.name);
  for (const p of [...(categories ?? []), ...(locations ?? [])]) {
    names.set(p.slug, p.name);
    for (const c of p.children) names.set(c.slug, c.name);
  }
  const folderName = new Map(folders.map((f) => [String(f.id), f.name]));

  return (key, v) => {
    if (key.endsWith("_within_days")) return [windowText(v)];
    if (v === "true") return ["yes"];
    if (v === "false") return ["no"];
    if (key === "folder_ids") return listParam(v).map((x) => folderName.get(x) ?? x);
    if (NAMED.has(key)) return listParam(v).map((x) => names.get(x) ?? x);
    const list = listParam(v);
    return list.length > 0 ? list : [v];
  };
}

/**
 * Stages and rounds combine with OR (the spec's rule: a card at any selected stage or any selected
 * round): the filter bar gives them one panel and one chip under this label, with this note.
 */
export const STAGE_OR_ROUND = "Stage or round";
export const STAGE_OR_ROUND_NOTE = "A card matches when it has any of the stages or rounds selected here.";

/**
 * The stage and round filters in words, as the list applies them: a card matches any selected
 * stage or any selected round ("Seed or Series A"). Undefined when neither is set.
 */
export function stageOrRoundText(
  effective: Record<string, string>,
  valueNames: (key: string, value: string) => string[],
): string | undefined {
  const values = (["stages", "rounds"] as const).flatMap((k) => (effective[k] ? valueNames(k, effective[k]) : []));
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}
