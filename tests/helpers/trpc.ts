import { createAccount } from "./api";
import { accountById } from "~/server/auth/caller";
import type { TDb } from "~/server/db/client";
import { appRouter } from "~/server/api/root";
import { createCallerFactory, type TContext } from "~/server/api/trpc";

const createCaller = createCallerFactory(appRouter);

/** A tRPC caller acting as the signed-in browser user `accountId` (what the UI uses). */
export async function browserCaller(db: TDb, accountId: number) {
  const account = await accountById(db, accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  const ctx: TContext = { db, caller: { kind: "session", account }, transport: "trpc", resHeaders: { set() {} } };
  return createCaller(ctx);
}

/** A new account with an API token (`createAccount`) and its browser caller. */
export async function browserUser(db: TDb) {
  const a = await createAccount(db);
  return { ...a, ui: await browserCaller(db, a.account.id) };
}

export type TBrowserUser = Awaited<ReturnType<typeof browserUser>>;

/** The error code a tRPC call failed with ("no error" when it did not fail). */
export async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e: any) {
    return e?.cause?.code ?? (e?.code === "BAD_REQUEST" ? "validation_error" : String(e?.code));
  }
  return "no error";
}
