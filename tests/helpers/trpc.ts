import { accountById } from "../../server/auth/caller";
import type { TDb } from "../../server/db/client";
import { appRouter } from "../../server/api/root";
import { createCallerFactory, type TContext } from "../../server/api/trpc";

const createCaller = createCallerFactory(appRouter);

/** A tRPC caller acting as the signed-in browser user `accountId` (what the UI uses). */
export async function browserCaller(db: TDb, accountId: number) {
  const account = await accountById(db, accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  const ctx: TContext = { db, caller: { kind: "session", account }, transport: "trpc", resHeaders: { set() {} } };
  return createCaller(ctx);
}
