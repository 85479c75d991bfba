"use client";

import { useQuery } from "@tanstack/react-query";
import { memo, useId, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Choice, DateRange, NumberRange, Toggle, TreeSelect, TypeAhead } from "~/app/_ui/filters";
import { AnyOfSelect, MultiSelect } from "~/app/_ui/list-select";
import { Button } from "~/app/_ui/button";
import { SearchForm } from "~/app/_ui/search-form";
import { listParam, type TUrlParams } from "~/app/_ui/use-url-params";
import { useParticipantSuggestions } from "../_records/participant-option";
import { STAGE_OR_ROUND, STAGE_OR_ROUND_NOTE } from "./filter-names";

type TSet = (patch: Record<string, string | undefined>) => void;

/** Reference data (stages, rounds, source types) as the options of a list. */
const refOptions = (rows: { slug: string; name: string }[] | undefined) => (rows ?? []).map((r) => ({ value: r.slug, label: r.name }));

/**
 * Every filter of the card list (the spec's parameters), each written to the URL. `params` is the
 * filter in effect (a selected saved filter's values under the URL's own). On a phone the filters
 * sit behind a "Filters" button that shows how many are active.
 */
export const CardsFilters = memo(function CardsFilters({
  params,
  set,
  searchRef,
  activeCount,
}: {
  params: TUrlParams;
  set: TSet;
  searchRef: React.RefObject<HTMLInputElement | null>;
  activeCount: number;
}) {
  const trpc = useTRPC();
  const stages = useQuery(trpc.cards.stages.queryOptions({}));
  const rounds = useQuery(trpc.cards.rounds.queryOptions({}));
  const categories = useQuery(trpc.cards.categories.queryOptions({}));
  const locations = useQuery(trpc.cards.locations.queryOptions({}));
  const sourceTypes = useQuery(trpc.cards.sourceTypes.queryOptions({}));
  const folders = useQuery(trpc.user.folders.list.queryOptions());
  const [shown, setShown] = useState(false);
  const groupId = useId();

  const list = (key: string) => listParam(params[key]);
  const setList = (key: string) => (v: string[]) => set({ [key]: v.join(",") || undefined });
  const flag = (key: string, label: string) => (
    <Toggle label={label} checked={params[key] === "true"} onChange={(on) => set({ [key]: on ? "true" : undefined })} />
  );

  return (
    <div className="mt-4 space-y-2">
      <SearchForm
        label="Search cards"
        placeholder="Search name and description  ( / )"
        params={params}
        set={set}
        inputRef={searchRef}
        semantic
      />
      <Button
        className="sm:hidden"
        aria-expanded={shown}
        aria-controls={groupId}
        onClick={() => setShown(!shown)}
        data-testid="filters-button"
      >
        Filters{activeCount > 0 ? ` (${activeCount})` : ""}
      </Button>
      <div id={groupId} className={`flex-wrap items-center gap-2 sm:flex ${shown ? "flex" : "hidden"}`} aria-label="Filters" role="group">
        <AnyOfSelect
          label={STAGE_OR_ROUND}
          note={STAGE_OR_ROUND_NOTE}
          groups={[
            { label: "Stages", options: refOptions(stages.data?.data), value: list("stages"), onChange: setList("stages") },
            { label: "Rounds", options: refOptions(rounds.data?.data), value: list("rounds"), onChange: setList("rounds") },
          ]}
        />
        <TreeSelect
          label="Categories"
          tree={(categories.data?.data ?? []).map((c) => ({
            value: c.slug,
            label: c.name,
            children: c.children.map((ch) => ({ value: ch.slug, label: ch.name })),
          }))}
          value={list("categories")}
          onChange={setList("categories")}
        />
        <TreeSelect
          label="Locations"
          tree={(locations.data?.data ?? []).map((r) => ({
            value: r.slug,
            label: r.name,
            children: r.children.map((ch) => ({ value: ch.slug, label: ch.name })),
          }))}
          value={list("locations")}
          onChange={setList("locations")}
        />
        <TypeAhead
          label="Participants"
          value={list("participants")}
          onChange={setList("participants")}
          useSuggestions={useParticipantSuggestions}
        />
        <MultiSelect
          label="Source types"
          options={refOptions(sourceTypes.data?.data)}
          value={list("source_types")}
          onChange={setList("source_types")}
        />
        <DateRange
          label="Added"
          from={params.created_after}
          to={params.created_before}
          onChange={(a, b) => set({ created_after: a, created_before: b, ...(a ? { created_within_days: undefined } : {}) })}
          window={params.created_within_days}
          onWindow={(d) => set({ created_within_days: d, created_after: undefined })}
        />
        <DateRange
          label="Last signal"
          from={params.last_interaction_after}
          to={params.last_interaction_before}
          onChange={(a, b) =>
            set({ last_interaction_after: a, last_interaction_before: b, ...(a ? { last_interaction_within_days: undefined } : {}) })
          }
          window={params.last_interaction_within_days}
          onWindow={(d) => set({ last_interaction_within_days: d, last_interaction_after: undefined })}
        />
        <DateRange
          label="First signal"
          from={params.first_interaction_after}
          to={params.first_interaction_before}
          onChange={(a, b) =>
            set({ first_interaction_after: a, first_interaction_before: b, ...(a ? { first_interaction_within_days: undefined } : {}) })
          }
          window={params.first_interaction_within_days}
          onWindow={(d) => set({ first_interaction_within_days: d, first_interaction_after: undefined })}
        />
        <NumberRange
          label="Signals"
          min={params.min_signals}
          max={params.max_signals}
          onChange={(a, b) => set({ min_signals: a, max_signals: b })}
        />
        {flag("trending", "Trending")}
        {flag("featured", "Featured")}
        {flag("new", "New")}
        <Choice
          label="Web2 or web3"
          value={params.display_preference ?? ""}
          options={[
            { value: "", label: "Web2 and web3" },
            { value: "web3", label: "Web3" },
            { value: "web2", label: "Web2" },
          ]}
          onChange={(v) => set({ display_preference: v || undefined })}
        />
        <MultiSelect
          label="Folders"
          options={(folders.data ?? []).map((f) => ({ value: String(f.id), label: `${f.name} (${f.cards_count})` }))}
          value={list("folder_ids")}
          onChange={setList("folder_ids")}
        />
      </div>
    </div>
  );
});
