import { randomBytes } from "node:crypto";
import pg from "pg";
import { closeDatabase, openDatabase, type TDb } from "~/server/db/client";
import { startEmbeddedHost } from "~/server/db/embedded";
import { migrate } from "~/server/db/migrate";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a throwaway
 * database on the server named by DATABASE_URL (created here, dropped on close). The service's own
 * `db()` is pointed at it, so route handlers and domain code use it too.
 */
export interface TTestDb {
  db: TDb;
  url: string;
  close(): Promise<void>;
}

async function provisionServerDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vm_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function openTestDb(): Promise<TTestDb> {
  await closeDatabase();
  const serverUrl = process.env.DATABASE_URL;
  const target = serverUrl
    ? await provisionServerDatabase(serverUrl)
    : await startEmbeddedHost(undefined).then((h) => ({ url: h.url, drop: () => h.stop() }));
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
