import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startMemoryHost } from "~/server/db/embedded";
import { migrate } from "~/server/db/migrate";
import { databaseUrl, onServer } from "../helpers/server-db";

/**
 * Migrates one database before the test files run, which each file's `openTestDb()` then copies
 * instead of creating and migrating a database of its own: on the PostgreSQL server a template
 * database (`CREATE DATABASE ... TEMPLATE`), on the embedded database an image of PGlite's files
 * (an in-memory PGlite started from it skips initdb). Removed when the run ends.
 */
export type TTestDatabaseTemplate = { kind: "server"; database: string } | { kind: "embedded"; imageFile: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplate: TTestDatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = `vm_test_template_${process.pid}_${randomBytes(4).toString("hex")}`;
    await onServer(serverUrl, `CREATE DATABASE "${database}"`);
    await migrate(databaseUrl(serverUrl, database));
    project.provide("testDatabaseTemplate", { kind: "server", database });
    return () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
  const host = await startMemoryHost();
  const dir = mkdtempSync(path.join(tmpdir(), "vmon-test-template-"));
  try {
    await migrate(host.url);
    const imageFile = path.join(dir, "migrated.tar");
    writeFileSync(imageFile, Buffer.from(await (await host.image()).arrayBuffer()));
    project.provide("testDatabaseTemplate", { kind: "embedded", imageFile });
  } finally {
    await host.stop();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}
