import type { ColumnDef } from "@tanstack/react-table";
import type { TSortDir } from "./table-sort";

/** What the workspace's table (data-table.tsx) knows of a column besides TanStack's definition. */
export interface TColumnMeta {
  /** Header text (also the column chooser's label). */
  label: string;
  /** The REST sort field this column sorts by, when it can. */
  sortField?: string;
  /** The direction of a first click on the header (default: A to Z for name, else largest first). */
  sortFirst?: TSortDir;
  /** Not offered in the column chooser (always shown). */
  fixed?: boolean;
  className?: string;
}

/** A column of the workspace's table. */
export type TColumn<T> = ColumnDef<T, unknown> & { id: string; meta: TColumnMeta };
