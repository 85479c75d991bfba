"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataTable } from "./data-table";
import type { TColumn } from "./table-column";
import { Pager } from "./pager";

/** A page of a list as the list procedures answer it. */
export interface TListPage<T> {
  data: T[];
  meta?: { sort?: string };
  pagination: { total: number | null; has_next: boolean };
}

/**
 * A DataTable with its Pager, both driven by the URL's parameters (`sort`, `limit`, `offset`, the
 * REST names), with optional row selection: the list pages' table.
 */
export function PagedTable<T>(props: {
  label: string;
  testId: string;
  storageKey: string;
  columns: TColumn<T>[];
  defaultHidden?: string[];
  getRowId: (row: T) => string;
  page: TListPage<T> | undefined;
  busy: boolean;
  error: string | undefined;
  onRetry: () => void;
  params: Record<string, string>;
  set: (patch: Record<string, string | undefined>) => void;
  defaultLimit: number;
  onOpen?: (row: T) => void;
  selection?: RowSelectionState;
  onSelectionChange?: (s: RowSelectionState) => void;
  empty: ReactNode;
  toolbar?: ReactNode;
  /** The table's `field:dir` sort and its change, when the list's URL keeps the sort otherwise than as `sort`. */
  sort?: string;
  onSort?: (sort: string) => void;
  /** Preset sort names the list answers with (meta.sort) spelled as `field:dir[,field:dir]`, to mark the sorted column. */
  sortPresets?: Record<string, string>;
  /** A side-panel preview of the active row (Space): see DataTable. */
  preview?: (row: T) => { title: string; content: ReactNode };
}) {
  const { page, params, set, defaultLimit } = props;
  const limit = Number(params.limit ?? defaultLimit) || defaultLimit;
  const offset = Number(params.offset ?? 0) || 0;
  return (
    <>
      <DataTable
        label={props.label}
        testId={props.testId}
        data={page?.data}
        columns={props.columns}
        defaultHidden={props.defaultHidden}
        storageKey={props.storageKey}
        getRowId={props.getRowId}
        sort={props.onSort ? props.sort : (page?.meta?.sort ?? params.sort)}
        onSort={props.onSort ?? ((sort) => set({ sort }))}
        sortPresets={props.sortPresets}
        busy={props.busy}
        error={props.error}
        onRetry={props.onRetry}
        onOpen={props.onOpen}
        selection={props.selection}
        onSelectionChange={props.onSelectionChange}
        empty={props.empty}
        toolbar={props.toolbar}
        preview={props.preview}
      />
      {page && (
        <Pager
          offset={offset}
          limit={limit}
          total={page.pagination.total}
          hasNext={page.pagination.has_next}
          onOffset={(o) => set({ offset: o ? String(o) : undefined })}
          onLimit={(l) => set({ limit: l === defaultLimit ? undefined : String(l) })}
        />
      )}
    </>
  );
}
