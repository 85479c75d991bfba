import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { validationError } from "~/server/lib/errors";

/**
 * Per-account caps on things an account creates. A cap is checked and the row inserted in one
 * transaction that first locks the account's row (FOR NO KEY UPDATE: creates of one account wait
 * for each other, while other writes that only reference the account go on), so parallel creates
 * can never pass the cap together. Refused with 400 validation_error naming `param`, as the
 * webhook endpoint cap always was.
 */

export const CAPS = {
  webhookEndpoints: 20,
  savedFilters: 100,
  folders: 500,
} as const;

type TTx = Prisma.TransactionClient;

export async function insertWithinCap<T>(
  db: TDb,
  accountId: number,
  cap: { limit: number; what: string; param: string; count: (tx: TTx) => Promise<number> },
  insert: (tx: TTx) => Promise<T>,
): Promise<T> {
  // A burst of one account's creates queues on the lock, each holding a pool connection meanwhile:
  // wait longer for a connection than Prisma's 2 s default.
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM account WHERE id = ${accountId} FOR NO KEY UPDATE`;
      if ((await cap.count(tx)) >= cap.limit) throw validationError(cap.param, `an account can have at most ${cap.limit} ${cap.what}`);
      return insert(tx);
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
