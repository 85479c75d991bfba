import type { Prisma } from "./generated/prisma/client";

/** A cache key for a statement: its text and its values (two statements with equal keys return the same rows). */
export function sqlKey(sql: Prisma.Sql): string {
  return `${sql.text}\u0001${JSON.stringify(sql.values)}`;
}
