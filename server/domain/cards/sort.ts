import { Prisma } from "~/server/db/generated/prisma/client";
import { DEFAULT_SORT, type TSort, type TSortField } from "./sort-param";

/** Card list sorting as SQL: the ORDER BY of a sort parsed by sort-param.ts. */

const COLUMN: Record<TSortField, string> = {
  created_at: "created_at",
  updated_at: "updated_at",
  name: "name",
  interactions_count: "interactions_count",
  latest_signal_date: "last_interaction_at",
};

/** Whether the sort is the default order (latest_signal_date:desc, given or not). */
export function isDefaultOrder(sort: TSort): boolean {
  return sort.text === DEFAULT_SORT;
}

/** ORDER BY items (without the keyword) for the card table alias `alias`. */
export function orderBySql(sort: TSort, alias = "c"): Prisma.Sql {
  const items = sort.keys.map((k) => {
    const nulls = k.field === "latest_signal_date" ? " NULLS LAST" : "";
    return `${alias}.${COLUMN[k.field]} ${k.direction.toUpperCase()}${nulls}`;
  });
  const last = sort.keys[sort.keys.length - 1]?.direction ?? "desc";
  items.push(`${alias}.id ${last.toUpperCase()}`);
  // Identifiers and directions come from the whitelists above only.
  return Prisma.raw(items.join(", "));
}
