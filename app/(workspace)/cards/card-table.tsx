"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { PagedTable, type TListPage } from "~/app/_ui/paged-table";
import { CARD_COLUMNS, CARD_COLUMNS_HIDDEN } from "./card-columns";
import { CardPreview } from "./card-preview";
import type { TCardRowItem } from "./card-types";
import { DEFAULT_LIMIT } from "./list-params";
import { SORT_PRESETS } from "~/server/domain/cards/sort-param";

/** The list's preset sorts (meta.sort) spelled out, so the table marks the sorted column. */
const CARD_SORT_PRESETS = Object.fromEntries(
  Object.entries(SORT_PRESETS).map(([name, keys]) => [name, keys.map((k) => `${k.field}:${k.direction}`).join(",")]),
);

/** A page of the card list, as the list procedure answers it. */
type TCardPage = TListPage<TCardRowItem>;

/**
 * The cards table of /cards and /folders/<id>: the card columns (the reader's choice remembered
 * for both), sort and paging in the URL's parameters, a row opens its card, Space previews it.
 */
export function CardTable(props: {
  label: string;
  page: TCardPage | undefined;
  busy: boolean;
  error: string | undefined;
  onRetry: () => void;
  params: Record<string, string>;
  set: (patch: Record<string, string | undefined>) => void;
  selection: RowSelectionState;
  onSelectionChange: (s: RowSelectionState) => void;
  empty: ReactNode;
  toolbar: ReactNode;
}) {
  const router = useRouter();
  return (
    <PagedTable
      label={props.label}
      testId="card-table"
      storageKey="vm:cards:columns"
      columns={CARD_COLUMNS}
      defaultHidden={CARD_COLUMNS_HIDDEN}
      getRowId={(c) => String(c.id)}
      page={props.page}
      busy={props.busy}
      error={props.error}
      onRetry={props.onRetry}
      params={props.params}
      set={props.set}
      defaultLimit={DEFAULT_LIMIT}
      sortPresets={CARD_SORT_PRESETS}
      onOpen={(c) => router.push(`/cards/${c.slug}`)}
      selection={props.selection}
      onSelectionChange={props.onSelectionChange}
      empty={props.empty}
      toolbar={props.toolbar}
      preview={(c) => ({ title: c.name ?? "Card", content: <CardPreview card={c} /> })}
    />
  );
}
