import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as bindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaContainer } from "@prisma/schema-engine-wasm";
import { pgliteAdapterFactory } from "./pglite-adapter";

/**
 * Prisma's schema engine compiled to WebAssembly, driven without any database server: the
 * package's own entry imports the .wasm file as an ES module (a Node flag), so it is instantiated
 * here by hand against its JS glue.
 */
function loadEngineBindings(): typeof bindings {
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg").replace(/\.js$/, ".wasm");
  const wasm = new WebAssembly.Module(readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(wasm, { "./schema_engine_bg.js": bindings });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
  return bindings;
}

/**
 * A Rust panic is reported through this global, then traps the WebAssembly inside a callback: the
 * call never settles and the trap is an uncaught exception with no message of its own.
 */
function reportPanics(): void {
  const set_message = (text: string) => console.error(`Prisma schema engine panicked: ${text}`);
  Object.assign(globalThis, { PRISMA_WASM_PANIC_REGISTRY: { set_message } });
}

/**
 * The SQL that brings a database with every migration of `migrations` applied up to `schema`,
 * in Prisma's script format (`-- Step` header before each statement); the migrations are replayed
 * on an in-memory PGlite.
 */
export async function diffMigrationsToSchema(migrations: MigrationList, schema: SchemaContainer): Promise<string> {
  const { SchemaEngine } = loadEngineBindings();
  reportPanics();
  const factory = pgliteAdapterFactory();
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await SchemaEngine.new({ datamodels: undefined }, () => {}, adapter);
  try {
    const { stdout } = await engine.diff({
      from: { tag: "migrations", ...migrations },
      to: { tag: "schemaDatamodel", files: [schema] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return stdout ?? "";
  } finally {
    engine.free();
    await factory.close();
  }
}
