"use client";

import { flexRender, getCoreRowModel, useReactTable, type RowSelectionState, type VisibilityState } from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { DataRow } from "./data-row";
import { PreviewPanel } from "./preview-panel";
import { useRowDensity } from "./row-density";
import { currentAddress, readListTrail, rowHref, writeListTrail } from "./list-trail";
import type { TColumn, TColumnMeta } from "./table-column";
import { firstDirection, nextSort, primarySort } from "./table-sort";
import { useStoredString } from "./use-browser-store";
import { isTyping, useWindowKeys } from "./use-window-keys";

/**
 * The workspace's table (on @tanstack/react-table): server-side sorting through `sort`/`onSort`
 * (the REST `sort` parameter, `field:asc|desc`; the sorted column is always shown and marked with
 * aria-sort and an arrow; a first click on Name sorts A to Z), a column chooser remembered in
 * localStorage, optional row selection, keyboard navigation (`j`/`k` move, `Enter` opens), a busy
 * state that keeps the previous rows on screen, and empty and error states that say what to do.
 * A click on a row opens it (`onOpen`), as does Enter on the active row.
 * Space previews the active row in a side panel (when the table has `preview`). From 640 px up
 * the header stays in view while the rows scroll, and rows are comfortable or compact by the
 * account's choice (row-density.tsx), switched beside the column chooser.
 * Below 640 px each row is a stacked block (label and value per line), so nothing hides behind a
 * sideways scroll. Opening a row records the list (app/_ui/list-trail.ts): coming back to the same
 * list brings that row into view and focuses it.
 */

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
  /** Preset sort names the list answers with (meta.sort) spelled as `field:dir[,field:dir]`. */
  sortPresets?: Record<string, string>;
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
  /** A side-panel preview of the active row (Space): its title and content. */
  preview?: (row: T) => { title: string; content: ReactNode };
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

/**
 * Stable stand-ins while there is no data or selection yet: a new `[]` or `{}` on every render
 * would be new table data each time, and the table's automatic page reset on new data would then
 * re-render it forever (a loop of microtasks that freezes the page while a list is loading).
 */
const NO_ROWS: never[] = [];
const NO_SELECTION: RowSelectionState = {};

/** The row selection column: a checkbox per row, and one in the header for the page. */
function selectColumn<T>(): TColumn<T> {
  return {
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
  };
}

export function DataTable<T>(props: TDataTableProps<T>) {
  const { data, columns, getRowId, storageKey, sort, onSort, busy, error, onRetry, empty, onOpen, selection, onSelectionChange } = props;
  const [chosen, setVisibility] = useStoredVisibility(storageKey, props.defaultHidden ?? []);
  const sorted = primarySort(sort, props.sortPresets);
  const sortedColumn = sorted ? columns.find((c) => c.meta.sortField === sorted.field)?.id : undefined;
  // The sorted column is shown whatever the chooser says: the order must be visible.
  const visibility = useMemo(
    (): VisibilityState => (sortedColumn && chosen[sortedColumn] === false ? { ...chosen, [sortedColumn]: true } : chosen),
    [chosen, sortedColumn],
  );
  const [active, setActive] = useState(-1);
  const [previewing, setPreviewing] = useState(false);
  const { density, setDensity } = useRowDensity();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const selectable = selection !== undefined && onSelectionChange !== undefined;

  // The same columns from render to render, so that the table's own memos (its row model, each row's
  // cells) hold and an unchanged page of rows is not rebuilt (rows: DataRow).
  const allColumns = useMemo((): TColumn<T>[] => (selectable ? [selectColumn<T>(), ...columns] : columns), [selectable, columns]);

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
  const visibleColumnIds = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join(",");

  // New rows: no active row until the user moves, and no preview of a row that left.
  useEffect(() => {
    setActive(-1);
    setPreviewing(false);
  }, [data]);

  /** Records the list and the opened row (the record page's `[`/`]`, and the row to come back to). */
  const remember = (rowId: string) => {
    const trs = bodyRef.current ? Array.from(bodyRef.current.querySelectorAll("tr[data-row-id]")) : [];
    const linked = trs.flatMap((tr) => {
      const href = rowHref(tr);
      return href ? [{ href, id: tr.getAttribute("data-row-id")! }] : [];
    });
    writeListTrail({ list: currentAddress(), items: linked.map((r) => r.href), ids: linked.map((r) => r.id), opened: rowId });
  };
  // A link followed in a row (a click, or Enter on the focused link) opens that row; so does a
  // click elsewhere on the row (not on a control, not the end of a text selection) when the table
  // can open rows.
  const openRef = useRef<{ onOpen?: (row: T) => void; byId: Map<string, T> }>({ byId: new Map() });
  openRef.current = { onOpen, byId: new Map(rows.map((r) => [r.id, r.original])) };
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const onClick = (e: globalThis.MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !(e.target instanceof Element)) return;
      const tr = e.target.closest("tr[data-row-id]");
      if (!tr) return;
      const id = tr.getAttribute("data-row-id")!;
      if (e.target.closest("a[href]")) return remember(id);
      if (e.target.closest("input, button, select, textarea, label, summary, [data-no-open]")) return;
      if (window.getSelection()?.toString()) return;
      const { onOpen: open, byId } = openRef.current;
      const row = byId.get(id);
      if (open && row !== undefined) {
        remember(id);
        open(row);
      }
    };
    body.addEventListener("click", onClick);
    return () => body.removeEventListener("click", onClick);
  }, []);

  // Back to the list a row was opened from: that row comes into view with its link focused.
  useEffect(() => {
    if (busy || !data || data.length === 0) return;
    const trail = readListTrail();
    if (!trail || trail.restored || trail.list !== currentAddress()) return;
    const trs = bodyRef.current ? Array.from(bodyRef.current.querySelectorAll<HTMLElement>("tr[data-row-id]")) : [];
    const index = trs.findIndex((tr) => tr.getAttribute("data-row-id") === trail.opened);
    if (index < 0) return;
    writeListTrail({ ...trail, restored: true });
    const tr = trs[index]!;
    (tr.querySelector<HTMLElement>("a[href]") ?? tr).focus({ preventScroll: true });
    tr.scrollIntoView({ block: "center" });
    setActive(index);
  }, [busy, data]);

  useWindowKeys((e) => {
    if (e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target) || rows.length === 0) return;
    if (e.key === "Escape" && previewing) {
      e.preventDefault();
      setPreviewing(false);
    } else if (e.key === " " && props.preview && !(e.target instanceof Element && e.target.closest("button, a[href], summary"))) {
      // Space previews the active row (the first one when none is active yet), and closes it again.
      e.preventDefault();
      if (active < 0) setActive(0);
      setPreviewing((p) => !p);
    } else if (e.key === "j" || e.key === "k") {
      e.preventDefault();
      setActive((i) => (e.key === "j" ? Math.min(rows.length - 1, i + 1) : Math.max(0, i - 1)));
    } else if (
      e.key === "Enter" &&
      active >= 0 &&
      onOpen &&
      !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement)
    ) {
      e.preventDefault();
      remember(rows[active]!.id);
      onOpen(rows[active]!.original);
    }
  });

  useEffect(() => {
    if (active >= 0) bodyRef.current?.querySelectorAll("tr")[active]?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const activeRow = rows[active];
  const previewed = previewing && props.preview && activeRow ? props.preview(activeRow.original) : null;

  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">{props.toolbar}</div>
        <div className="flex items-center gap-2">
          {setDensity && (
            <button
              type="button"
              aria-pressed={density === "compact"}
              onClick={() => setDensity(density === "compact" ? "comfortable" : "compact")}
              className={`rounded border px-2 py-1 text-sm max-sm:hidden ${density === "compact" ? "border-sky-400 bg-sky-50" : "border-slate-300 bg-white"}`}
            >
              Compact rows
            </button>
          )}
          <details className="relative text-sm">
            <summary className="cursor-pointer rounded border border-slate-300 bg-white px-2 py-1">Columns</summary>
            <fieldset className="absolute right-0 z-20 mt-1 w-56 rounded border border-slate-200 bg-white p-2 shadow">
              <legend className="sr-only">Shown columns</legend>
              {table
                .getAllLeafColumns()
                .filter((c) => !(c.columnDef.meta as TColumnMeta).fixed)
                .map((c) => (
                  <label key={c.id} className="flex items-center gap-2 py-0.5">
                    <input
                      type="checkbox"
                      checked={c.getIsVisible()}
                      disabled={c.id === sortedColumn}
                      onChange={c.getToggleVisibilityHandler()}
                    />
                    {(c.columnDef.meta as TColumnMeta).label}
                    {c.id === sortedColumn && <span className="text-xs text-slate-500">(sorted)</span>}
                  </label>
                ))}
            </fieldset>
          </details>
        </div>
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

      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white max-sm:overflow-visible sm:max-h-[calc(100dvh-9rem)] sm:overflow-y-auto">
        <table
          className={`w-full text-left text-sm max-sm:block ${busy ? "opacity-60" : ""}`}
          data-density={density}
          data-testid={props.testId}
          aria-busy={busy ? "true" : "false"}
          aria-label={props.label}
        >
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-sm:block">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id} className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-1">
                {hg.headers.map((h) => {
                  const meta = h.column.columnDef.meta as TColumnMeta;
                  const dir = meta.sortField && meta.sortField === sorted?.field ? sorted.dir : undefined;
                  const sortable = Boolean(meta.sortField && onSort);
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
                      className={`whitespace-nowrap px-3 py-2 font-medium sm:sticky sm:top-0 sm:z-10 ${meta.className ?? ""} ${dir ? "bg-sky-50 text-slate-900" : "bg-slate-50"} ${
                        sortable || h.column.id === "_select" ? "max-sm:block max-sm:px-2" : "max-sm:hidden"
                      }`}
                      aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
                      data-sorted={dir}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          title={
                            dir
                              ? `Sorted ${dir === "asc" ? "ascending" : "descending"}: click to reverse`
                              : `Sort by ${meta.label.toLowerCase()}`
                          }
                          onClick={() => onSort!(nextSort(meta.sortField!, dir, firstDirection(meta.sortField!, meta.sortFirst)))}
                        >
                          {content}
                          <span aria-hidden="true" className={dir ? "text-sky-700" : undefined}>
                            {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}
                          </span>
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
          <tbody ref={bodyRef} className="divide-y divide-slate-100 max-sm:block">
            {rows.map((row, i) => (
              <DataRow
                key={row.id}
                row={row}
                active={i === active}
                selectable={selectable}
                selected={selectable && row.getIsSelected()}
                opens={Boolean(onOpen)}
                visibleColumns={visibleColumnIds}
              />
            ))}
            {data === undefined && !error && (
              <tr className="max-sm:block">
                <td colSpan={table.getVisibleLeafColumns().length} className="px-3 py-6 text-center text-slate-500 max-sm:block">
                  Loading…
                </td>
              </tr>
            )}
            {data !== undefined && data.length === 0 && (
              <tr className="max-sm:block">
                <td colSpan={table.getVisibleLeafColumns().length} className="px-3 py-6 text-center text-slate-600 max-sm:block">
                  {empty ?? "Nothing here."}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {previewed && (
        <PreviewPanel title={previewed.title} onClose={() => setPreviewing(false)}>
          {previewed.content}
        </PreviewPanel>
      )}
    </div>
  );
}
