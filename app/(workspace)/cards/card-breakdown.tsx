"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { BarChart } from "~/app/_ui/bar-chart";
import { Choice } from "~/app/_ui/filters";
import { useStoredString } from "~/app/_ui/use-browser-store";
import { CARD_LIST_KEYS } from "./list-params";

/**
 * Above the card list: how the cards of the current filters split by stage, round, category,
 * country or month (GET /v1/cards/aggregate/, the same filters and saved filter as the table), as
 * a small bar chart. The grouping, or "Hidden", is kept in the browser.
 */

const GROUPS = [
  { value: "stage", label: "Stage" },
  { value: "round", label: "Round" },
  { value: "category", label: "Category" },
  { value: "country", label: "Country" },
  { value: "created_month", label: "Month added" },
  { value: "last_interaction_month", label: "Month of last signal" },
  { value: "off", label: "Hidden" },
] as const;

type TGroup = (typeof GROUPS)[number]["value"];

const STORE_KEY = "vm:cards:breakdown";
/** The bars drawn at most: the largest groups (months: the latest). */
const BARS = 24;

/** The aggregate's input for the list's URL parameters: its filters, without paging or order. */
function aggregateInput(params: Record<string, string>, groupBy: Exclude<TGroup, "off">): Record<string, string> {
  const input: Record<string, string> = { group_by: groupBy, limit: String(BARS) };
  for (const key of CARD_LIST_KEYS) if (params[key] && !["limit", "offset", "sort"].includes(key)) input[key] = params[key];
  return input;
}

export function CardBreakdown({ params }: { params: Record<string, string> }) {
  const trpc = useTRPC();
  const [stored, store] = useStoredString("localStorage", STORE_KEY);
  const groupBy: TGroup = GROUPS.some((g) => g.value === stored) ? (stored as TGroup) : "stage";
  const label = GROUPS.find((g) => g.value === groupBy)!.label;
  // Its own request (not batched with the table's), so that the table never waits for the chart.
  const counts = useQuery({
    ...trpc.cards.aggregate.queryOptions(aggregateInput(params, groupBy === "off" ? "stage" : groupBy), {
      trpc: { context: { skipBatch: true } },
    }),
    placeholderData: keepPreviousData,
    enabled: groupBy !== "off",
  });
  const groups = counts.data?.data ?? [];
  const overlapping = counts.data?.meta.overlapping;
  const shown = counts.data && counts.data.meta.groups > groups.length;

  return (
    <section aria-label="Breakdown of these cards" className="mt-3" data-testid="card-breakdown">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Choice label="Count by" showLabel value={groupBy} options={[...GROUPS]} onChange={(v) => store(v)} />
        {groupBy !== "off" && counts.data && (
          <span className="text-xs text-slate-600" data-testid="card-breakdown-note">
            {shown ? `The ${groups.length} largest of ${counts.data.meta.groups} groups. ` : ""}
            {overlapping ? "A card counts in each of its categories." : ""}
          </span>
        )}
      </div>
      {groupBy !== "off" &&
        (counts.error ? (
          <p className="mt-1 text-sm text-red-700">The breakdown could not be loaded: {counts.error.message}</p>
        ) : (
          <BarChart
            data={groups.map((g) => ({ label: g.name, value: g.count }))}
            valueName={`Cards by ${label.toLowerCase()}`}
            height={140}
            testId="card-breakdown-chart"
          />
        ))}
    </section>
  );
}
