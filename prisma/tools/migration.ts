/**
 * Migration authoring and drift check, with no database server and no native Prisma engine.
 *
 *   npm run db:migration -- --name add_x   writes prisma/migrations/<UTC YYYYMMDDHHMMSS>_add_x/migration.sql
 *   npm run db:drift                       (--check) exit 0: in sync; 1: drift, SQL printed; 2: error
 *
 * Both replay every prisma/migrations/<dir>/migration.sql (in name order) on a fresh in-memory
 * PGlite with the vector and pg_trgm extensions, and let Prisma's schema engine (WebAssembly)
 * diff the result against prisma/schema.prisma.
 *
 * Convention: objects Prisma cannot model (GIN/trigram/HNSW indexes, trigger functions, triggers,
 * storage settings) are appended by hand to a migration, below a comment saying so, and named with
 * a `vm_` prefix. Diff steps naming a `"vm_…"` object are not drift and are never generated;
 * a hand-written object without the prefix that Prisma can see shows up as drift.
 * The first migration starts with the CREATE EXTENSION lines the schema and those objects need.
 */
import path from "node:path";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import { diffMigrationsToSchema } from "./engine";
import { withoutHandwritten } from "./handwritten";
import { readMigrations, writeMigration } from "./migrations-dir";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCHEMA_PATH = path.join(ROOT, "prisma/schema.prisma");
const MIGRATIONS_DIR = path.join(ROOT, "prisma/migrations");
const FIRST_MIGRATION_PREAMBLE = "CREATE EXTENSION IF NOT EXISTS vector;\nCREATE EXTENSION IF NOT EXISTS pg_trgm;\n\n";

type TMode = { kind: "check" } | { kind: "create"; name: string };

function parseMode(argv: string[]): TMode {
  const { values } = parseArgs({ args: argv, options: { name: { type: "string" }, check: { type: "boolean" } } });
  if (values.check && values.name === undefined) return { kind: "check" };
  const name = values.name
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!values.check && name) return { kind: "create", name };
  throw new Error("usage: migration.ts --name NAME | --check");
}

/** The SQL from the migrations' end state to the schema, without steps about `vm_*` objects. */
async function pendingSql(migrations: MigrationList): Promise<string> {
  const schema = { path: SCHEMA_PATH, content: readFileSync(SCHEMA_PATH, "utf8") };
  return withoutHandwritten(await diffMigrationsToSchema(migrations, schema));
}

async function check(): Promise<number> {
  const migrations = readMigrations(MIGRATIONS_DIR);
  const sql = await pendingSql(migrations);
  if (sql === "") {
    console.log(`OK: ${migrations.migrationDirectories.length} migration(s) match prisma/schema.prisma.`);
    return 0;
  }
  console.log("Drift: prisma/schema.prisma differs from prisma/migrations. Missing SQL:\n");
  console.log(sql);
  console.log("Write a migration with: npm run db:migration -- --name <name>");
  return 1;
}

async function create(name: string): Promise<number> {
  const migrations = readMigrations(MIGRATIONS_DIR);
  const sql = await pendingSql(migrations);
  if (sql === "") {
    console.log("No difference between prisma/migrations and prisma/schema.prisma: nothing written.");
    return 0;
  }
  const first = migrations.migrationDirectories.length === 0;
  const file = writeMigration(MIGRATIONS_DIR, name, (first ? FIRST_MIGRATION_PREAMBLE : "") + sql);
  console.log(`Wrote ${path.relative(ROOT, file)}. Review it; append hand-written vm_* objects at its end.`);
  return 0;
}

async function main(): Promise<number> {
  const mode = parseMode(process.argv.slice(2));
  return mode.kind === "check" ? check() : create(mode.name);
}

function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

process.on("uncaughtException", fail); // how a panic of the engine ends
main().then((code) => process.exit(code), fail);
