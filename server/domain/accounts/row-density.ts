import type { TDb } from "~/server/db/client";

/**
 * How the workspace's tables lay their rows out, kept per account so that it follows the analyst
 * to every browser: comfortable (values wrap) or compact (one line per row, long values cut with
 * an ellipsis). The database refuses any other value (vm_account_row_density).
 */
export const ROW_DENSITIES = ["comfortable", "compact"] as const;
export type TRowDensity = (typeof ROW_DENSITIES)[number];

export async function rowDensityOf(db: TDb, accountId: number): Promise<TRowDensity> {
  const row = await db.account.findUnique({ where: { id: accountId }, select: { rowDensity: true } });
  return row?.rowDensity === "compact" ? "compact" : "comfortable";
}

export async function setRowDensity(db: TDb, accountId: number, density: TRowDensity): Promise<{ row_density: TRowDensity }> {
  await db.account.update({ where: { id: accountId }, data: { rowDensity: density } });
  return { row_density: density };
}
