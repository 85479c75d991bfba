import type { Prisma } from "~/server/db/generated/prisma/client";
import { AppError } from "~/server/lib/errors";
import type { TSource } from "./types";

/**
 * Bulk requests name ids that must all be the caller's, of the request's source: otherwise the
 * whole request is a 400 validation_error naming the ids, and nothing changes.
 */
export async function assertOwnedIds(
  tx: Prisma.TransactionClient,
  what: "application" | "connection",
  accountId: number,
  source: TSource,
  ids: number[],
): Promise<void> {
  const rows =
    what === "application"
      ? await tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM radar_application WHERE id = ANY(${ids}::int[]) AND account_id = ${accountId} AND source = ${source} FOR UPDATE`
      : await tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM radar_connection WHERE id = ANY(${ids}::int[]) AND account_id = ${accountId} AND source = ${source} FOR UPDATE`;
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length === 0) return;
  const shown = missing.slice(0, 20).join(", ") + (missing.length > 20 ? ", …" : "");
  throw new AppError("validation_error", `ids: no ${what} ${shown} among this account's ${source} ${what}s.`, {
    details: { ids: [`unknown ${what} id(s) for source ${source}: ${shown}`] },
  });
}

export const uniqueIds = (ids: number[]) => [...new Set(ids)];
