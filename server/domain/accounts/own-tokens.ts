import type { TDb } from "~/server/db/client";
import { AppError } from "~/server/lib/errors";
import { isoOrNull } from "~/server/lib/format";

/**
 * One account's own API tokens, as their owner sees and revokes them by id (the workspace's account
 * settings, browser only). Issuing tokens and the operator's view across accounts are api-tokens.ts.
 */

/** A token is revoked, expired or active (in that order of precedence). */
export function tokenStatus(t: { revokedAt: Date | null; expiresAt: Date | null }): "active" | "expired" | "revoked" {
  if (t.revokedAt) return "revoked";
  return t.expiresAt && t.expiresAt.getTime() <= Date.now() ? "expired" : "active";
}

/** One account's tokens, newest first (never the tokens themselves). */
export async function accountTokens(db: TDb, accountId: number) {
  const rows = await db.apiToken.findMany({ where: { accountId }, orderBy: { id: "desc" } });
  return rows.map((t) => ({
    id: t.id,
    prefix: t.prefix,
    name: t.name,
    created_at: t.createdAt.toISOString(),
    expires_at: isoOrNull(t.expiresAt),
    revoked_at: isoOrNull(t.revokedAt),
    last_used_at: isoOrNull(t.lastUsedAt),
    status: tokenStatus(t),
  }));
}

/** Revokes one of the account's own tokens; another account's id is "not found". */
export async function revokeAccountToken(db: TDb, accountId: number, tokenId: number) {
  const { count } = await db.apiToken.updateMany({
    where: { id: tokenId, accountId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  const row = await db.apiToken.findFirst({ where: { id: tokenId, accountId } });
  if (!row || (count === 0 && !row.revokedAt)) throw new AppError("not_found", "Token not found.");
  return (await accountTokens(db, accountId)).find((t) => t.id === tokenId)!;
}
