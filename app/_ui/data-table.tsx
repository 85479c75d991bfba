"use client";

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type VisibilityState,
} from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useStoredString } from "./use-browser-store";

/**
 * The workspace's table (on @tanstack/react-table): server-side sorting through `sort`/`onSort`
 * (the REST `sort` parameter, `field:asc|desc`), a column chooser remembered in localStorage,
 * optional row selection, keyboard navigation (`j`/`k` move, `Enter` opens), a busy state that
 * keeps the previous rows on screen, and empty and error states that say what to do.
 */

interface TColumnMeta {
  /** Header text (also the column chooser's label). */
  label: string;
  /** The REST sort field this column sorts by, when it can. */
  sortField?: string;
  /** Not offered in the column chooser (always shown). */
  fixed?: boolean;
  className?: string;
}

export type TColumn<T> = ColumnDef<T, unknown> & { id: string; meta: TColumnMeta };

export interface TDataTableProps<T> {
  data: T[] | undefined;
  columns: TColumn<T>[];
  getRowId: (row: T) => string;
  /** localStorage key for the chosen columns. */
  storageKey: string;
  /** Columns hidden until the user shows them. */
  defaultHidden?: string[];
  sort?: string;
  onSort?: (sort: string) => void;
  busy?: boolean;
  error?: string | null;
  onRetry?: () => void;
  empty?: ReactNode;
  /** Opens a row (Enter on the active row). */
  onOpen?: (row: T) => void;
  selection?: RowSelectionState;
  onSelectionChange?: (s: RowSelectionState) => void;
  testId?: string;
  label: string;
  toolbar?: ReactNode;
}

function useStoredVisibility(key: string, defaultHidden: string[]) {
  const [stored, store] = useStoredString("localStorage", key);
  const defaults = defaultHidden.join(",");
  const visibility = useMemo((): VisibilityState => {
    if (stored) {
      try {
        return JSON.parse(stored) as VisibilityState;
      } catch {
        // A broken stored value: the default.
      }
    }
    return Object.fromEntries(
      defaults
        .split(",")
        .filter(Boolean)
        .map((id) => [id, false]),
    );
  }, [stored, defaults]);
  const update = (next: VisibilityState) => store(JSON.stringify(next));
  return [visibility, update] as const;
}

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));

/**
 * Stable stand-ins while there is no data or selection yet: a new `[]` or `{}` on every render
 * would be new table data each time, and the table's automatic page reset on new data would then
 * re-render it forever (a loop of microtasks that freezes the page while a list is loading).
 */
const NO_ROWS: never[] = [];
const NO_SELECTION: RowSelectionState = {};

export function DataTable<T>(props: TDataTableProps<T>) {
  const { data, columns, getRowId, storageKey, sort, onSort, busy, error, onRetry, empty, onOpen, selection, onSelectionChange } = props;
  const [visibility, setVisibility] = useStoredVisibility(storageKey, props.defaultHidden ?? []);
  const [active, setActive] = useState(-1);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const selectable = selection !== undefined && onSelectionChange !== undefined;

  const allColumns: TColumn<T>[] = selectable
    ? [
        {
          id: "_select",
          meta: { label: "Select", fixed: true, className: "w-8" },
          header: ({ table }) => (
            <input
              type="checkbox"
              aria-label="Select all rows on this page"
              checked={table.getIsAllRowsSelected()}
              onChange={table.getToggleAllRowsSelectedHandler()}
            />
          ),
          cell: ({ row }) => (
            <input
              type="checkbox"
              aria-label={`Select row ${row.index + 1}`}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ),
        },
        ...columns,
      ]
    : columns;

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table's instance is mutable; the React Compiler is not enabled, so nothing memoizes it
  const table = useReactTable({
    data: data ?? NO_ROWS,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableRowSelection: selectable,
    state: { columnVisibility: visibility, rowSelection: selection ?? NO_SELECTION },
    onColumnVisibilityChange: (u) => setVisibility(typeof u === "function" ? u(visibility) : u),
    onRowSelectionChange: (u) => onSelectionChange?.(typeof u === "function" ? u(selection ?? NO_SELECTION) : u),
  });
  const rows = table.getRowModel().rows;

  // New rows: no active row until the user moves.
  useEffect(() => setActive(-1), [data]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target) || rows.length === 0) return;
      if (e.key === "j" || e.key === "k") {
        e.preventDefault();
        setActive((i) => (e.key === "j" ? Math.min(rows.length - 1, i + 1) : Math.max(0, i - 1)));
      } else if (
        e.key === "Enter" &&
        active >= 0 &&
        onOpen &&
        !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement)
      ) {
        e.preventDefault();
        onOpen(rows[active]!.original);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [rows, active, onOpen]);

  useEffect(() => {
    if (active >= 0) bodyRef.current?.querySelectorAll("tr")[active]?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const sortOf = (field: string): "asc" | "desc" | undefined => {
    const m = sort?.match(new RegExp(`(?:^|,)${field}:(asc|desc)`));
    return m ? (m[1] as "asc" | "desc") : undefined;
  };

  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">{props.toolbar}</div>
        <details className="relative text-sm">
          <summary className="cursor-pointer rounded border border-slate-300 bg-white px-2 py-1">Columns</summary>
          <fieldset className="absolute right-0 z-20 mt-1 w-56 rounded border border-slate-200 bg-white p-2 shadow">
            <legend className="sr-only">Shown columns</legend>
            {table
              .getAllLeafColumns()
              .filter((c) => !(c.columnDef.meta as TColumnMeta).fixed)
              .map((c) => (
                <label key={c.id} className="flex items-center gap-2 py-0.5">
                  <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} />
                  {(c.columnDef.meta as TColumnMeta).label}
                </label>
              ))}
          </fieldset>
        </details>
      </div>

      {error ? (
        <div role="alert" className="mt-3 rounded border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
          <p>Could not load this list: {error}</p>
          <p className="mt-1">Check the filters (a value may be out of range) or try again.</p>
          {onRetry && (
            <button type="button" onClick={onRetry} className="mt-2 rounded border border-rose-300 bg-white px-3 py-1">
              Try again
            </button>
          )}
        </div>
      ) : null}

      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table
          className={`w-full text-left text-sm ${busy ? "opacity-60" : ""}`}
          data-testid={props.testId}
          aria-busy={busy ? "true" : "false"}
          aria-label={props.label}
        >
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const meta = h.column.columnDef.meta as TColumnMeta;
                  const dir = meta.sortField ? sortOf(meta.sortField) : undefined;
                  // The selection column renders its own header (a checkbox); every other header is its label.
                  const content = h.isPlaceholder
                    ? null
                    : h.column.id === "_select"
                      ? flexRender(h.column.columnDef.header, h.getContext())
                      : meta.label;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className={`whitespace-nowrap px-3 py-2 font-medium ${meta.className ?? ""}`}
                      aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
                    >
                      {meta.sortField && onSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          onClick={() => onSort(`${meta.sortField}:${dir === "desc" ? "asc" : "desc"}`)}
                        >
                          {content}
                          <span aria-hidden="true">{dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}</span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody ref={bodyRef} className="divide-y divide-slate-100">
            {rows.map((row, i) => (
              <tr
                key={row.id}
                data-active={i === active ? "true" : undefined}
                aria-selected={selectable ? row.getIsSelected() : undefined}
                className={i === active ? "bg-sky-50 outline outline-2 -outline-offset-2 outline-sky-400" : "hover:bg-slate-50"}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`px-3 py-2 align-top ${(cell.column.columnDef.meta as TColumnMeta).className ?? ""}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {data === undefined && !error && (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="px-3 py-6 text-center text-slate-500">
                  Loading…
                </td>
              </tr>
            )}
            {data !== undefined && data.length === 0 && (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="px-3 py-6 text-center text-slate-600">
                  {empty ?? "Nothing here."}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
