import { randomBytes } from "node:crypto";
import { hashPassword } from "~/server/lib/password";
import type { TDb } from "~/server/db/client";
import { applySettings } from "./accounts";
import { createApiToken } from "./api-tokens";

const DEMO_EMAIL = "demo@venture-monitor.local";

export interface TDemoCredentials {
  email: string;
  password: string;
  token: string;
}

/**
 * The demo account of a fresh installation: paid plan, raw-data permission, the private demo
 * collection assigned. Returns credentials to print once (and store under DATA_DIR).
 */
export async function createDemoAccount(db: TDb, privateCollections: string[]): Promise<TDemoCredentials> {
  const password = randomBytes(9).toString("base64url");
  const account = await db.account.upsert({
    where: { email: DEMO_EMAIL },
    create: { email: DEMO_EMAIL, name: "Demo analyst", passwordHash: await hashPassword(password) },
    update: { passwordHash: await hashPassword(password) },
  });
  await applySettings(db, account.id, { plan: "paid", grant: ["network_a_profiles"], collections: privateCollections });
  const { raw } = await createApiToken(db, account.id, { name: "demo" });
  return { email: DEMO_EMAIL, password, token: raw };
}
