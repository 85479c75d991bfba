"use client";

import { flexRender, type Row } from "@tanstack/react-table";
import { memo, type ReactNode } from "react";
import type { TColumnMeta } from "./table-column";

interface TDataRowProps<T> {
  row: Row<T>;
  active: boolean;
  selectable: boolean;
  selected: boolean;
  /** The table opens rows (a click on the row). */
  opens: boolean;
  visibleColumns: string;
}

/**
 * One row of a DataTable. Memoized: a render of the table that changes nothing about a row (a busy
 * state, the same page again, another row becoming active) leaves it alone. `visibleColumns` names
 * the shown columns (their ids), `selected` the row's selection: what the row object alone does not
 * tell apart.
 */
export const DataRow = memo(function DataRow<T>({ row, active, selectable, selected, opens }: TDataRowProps<T>) {
  return (
    <tr
      data-row-id={row.id}
      data-active={active ? "true" : undefined}
      aria-selected={selectable ? selected : undefined}
      className={`max-sm:block max-sm:py-2 ${opens ? "cursor-pointer" : ""} ${active ? "bg-sky-50 outline outline-2 -outline-offset-2 outline-sky-400" : "hover:bg-slate-50"}`}
    >
      {row.getVisibleCells().map((cell, j) => {
        const meta = cell.column.columnDef.meta as TColumnMeta;
        // Stacked (below 640 px): each cell on its own line, after its column's name (not for
        // the selection box and the first column, the row's title).
        const titled = cell.column.id === "_select" || j === (selectable ? 1 : 0);
        return (
          <td
            key={cell.id}
            data-label={titled ? undefined : meta.label}
            data-no-open={cell.column.id === "_select" ? "" : undefined}
            className={`px-3 py-2 align-top ${meta.className ?? ""} max-sm:flex max-sm:min-w-0 max-sm:max-w-none max-sm:gap-2 max-sm:py-0.5 max-sm:text-left ${
              titled ? "" : "max-sm:before:shrink-0 max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]"
            } ${cell.column.id === "_select" ? "max-sm:float-right" : ""}`}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}) as <T>(props: TDataRowProps<T>) => ReactNode;
