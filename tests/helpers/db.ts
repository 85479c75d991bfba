import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { closeDatabase, openDatabase, type TDb } from "~/server/db/client";
import { startMemoryHost } from "~/server/db/embedded";
import { migrate } from "~/server/db/migrate";
import { databaseUrl, onServer } from "./server-db";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a throwaway
 * database on the server named by DATABASE_URL (created here, dropped on close). Both start as a
 * copy of the run's migrated template (tests/setup/template-db.ts); `migrate` then only confirms
 * that nothing is left to apply. The service's own `db()` is pointed at it, so route handlers and
 * domain code use it too.
 */
export interface TTestDb {
  db: TDb;
  url: string;
  close(): Promise<void>;
}

const template = inject("testDatabaseTemplate");

async function provisionServerDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vm_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const from = template.kind === "server" ? ` TEMPLATE "${template.database}"` : "";
  await onServer(baseUrl, `CREATE DATABASE "${name}"${from}`);
  return { url: databaseUrl(baseUrl, name), drop: () => onServer(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export async function openTestDb(): Promise<TTestDb> {
  await closeDatabase();
  const serverUrl = process.env.DATABASE_URL;
  const target = serverUrl
    ? await provisionServerDatabase(serverUrl)
    : await startMemoryHost({ image: template.kind === "embedded" ? new Blob([readFileSync(template.imageFile)]) : undefined }).then(
        (h) => ({
          url: h.url,
          drop: () => h.stop(),
        }),
      );
  await migrate(target.url);
  process.env.VMON_DATABASE_URL = target.url;
  const state = await openDatabase();
  return {
    db: state.prisma,
    url: target.url,
    close: async () => {
      await closeDatabase();
      delete process.env.VMON_DATABASE_URL;
      await target.drop();
    },
  };
}
