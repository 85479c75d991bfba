"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { DataTable } from "../../_ui/data-table";
import { Pager } from "../../_ui/pager";
import { CARD_COLUMNS, CARD_COLUMNS_HIDDEN } from "./card-columns";
import type { TCardRowItem } from "./card-types";
import { DEFAULT_LIMIT } from "./list-params";

/** A page of the card list, as the list procedure answers it. */
interface TCardPage {
  data: TCardRowItem[];
  meta: { sort: string };
  pagination: { total: number | null; has_next: boolean };
}

/**
 * The cards table of /cards and /folders/<id>: the card columns (the reader's choice remembered
 * for both), sort and paging in the URL's parameters, a row opens its card.
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
  const { page, params, set } = props;
  const limit = Number(params.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT;
  const offset = Number(params.offset ?? 0) || 0;
  return (
    <>
      <DataTable
        label={props.label}
        testId="card-table"
        data={page?.data}
        columns={CARD_COLUMNS}
        defaultHidden={CARD_COLUMNS_HIDDEN}
        storageKey="vm:cards:columns"
        getRowId={(c) => String(c.id)}
        sort={page?.meta.sort ?? params.sort}
        onSort={(sort) => set({ sort })}
        busy={props.busy}
        error={props.error}
        onRetry={props.onRetry}
        onOpen={(c) => router.push(`/cards/${c.slug}`)}
        selection={props.selection}
        onSelectionChange={props.onSelectionChange}
        empty={props.empty}
        toolbar={props.toolbar}
      />
      {page && (
        <Pager
          offset={offset}
          limit={limit}
          total={page.pagination.total}
          hasNext={page.pagination.has_next}
          onOffset={(o) => set({ offset: o ? String(o) : undefined })}
          onLimit={(l) => set({ limit: l === DEFAULT_LIMIT ? undefined : String(l) })}
        />
      )}
    </>
  );
}
