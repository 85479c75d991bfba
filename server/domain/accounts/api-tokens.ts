import { generateToken, hashToken } from "~/server/lib/token-hash";
import type { TDb } from "~/server/db/client";
import { AppError } from "~/server/lib/errors";
import { tokenStatus } from "./own-tokens";

/**
 * API tokens by their value or across accounts: issuing one (an account's token settings, the CLI, the
 * demo account), revoking one by its raw value and listing every account's (the operator's `vmon
 * tokens`). An account managing its own tokens by id is own-tokens.ts.
 */

/** Creates an API token; the raw token is returned once and never stored. */
export async function createApiToken(db: TDb, accountId: number, opts: { name?: string; expiresAt?: Date } = {}) {
  const { raw, hash, prefix } = generateToken();
  const token = await db.apiToken.create({
    data: { accountId, name: opts.name, prefix, hash, expiresAt: opts.expiresAt },
  });
  return { raw, token };
}

/** Revokes by raw token. Revoking twice is harmless. */
export async function revokeApiToken(db: TDb, raw: string) {
  const token = await db.apiToken.findUnique({ where: { hash: hashToken(raw.trim()) } });
  if (!token) throw new AppError("not_found", "No such token.");
  return db.apiToken.update({ where: { id: token.id }, data: { revokedAt: token.revokedAt ?? new Date() } });
}

export async function listApiTokens(db: TDb, email?: string) {
  const rows = await db.apiToken.findMany({
    where: email ? { account: { email: email.trim().toLowerCase() } } : {},
    include: { account: { select: { email: true } } },
    orderBy: { id: "asc" },
  });
  return rows.map((t) => ({
    id: t.id,
    email: t.account.email,
    prefix: t.prefix,
    name: t.name,
    created_at: t.createdAt.toISOString(),
    expires_at: t.expiresAt?.toISOString() ?? null,
    revoked_at: t.revokedAt?.toISOString() ?? null,
    status: tokenStatus(t),
  }));
}
