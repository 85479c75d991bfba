import type { TDb } from "../db/client";
import { logger } from "../lib/logger";

/**
 * When a token was last used, for the account pages ("last used"): written at most once a minute
 * per token and process, off the request's path (the write is not awaited), so that using a token
 * costs no write on almost every request.
 */
const EVERY_MS = 60_000;
const MAX_REMEMBERED = 10_000;
const written = new Map<string, number>();

const STATEMENTS = {
  api_token: `UPDATE api_token SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
  oauth_token: `UPDATE oauth_token SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
} as const;

export function noteTokenUse(db: TDb, table: keyof typeof STATEMENTS, id: number, now = Date.now()): void {
  const key = `${table}:${id}`;
  const last = written.get(key);
  if (last !== undefined && now - last < EVERY_MS) return;
  if (written.size >= MAX_REMEMBERED) written.clear();
  written.set(key, now);
  db.$executeRawUnsafe(STATEMENTS[table], id).catch((error: unknown) => logger.warn("could not record a token's use", { error }));
}
