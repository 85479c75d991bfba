import type { ParseArgsConfig } from "node:util";
import type { TDb } from "../db/client";
import type { TMigrationResult } from "../db/migrate";
import type { TIo } from "./io";

export interface TCommandContext {
  io: TIo;
  /** Flag values after parseArgs. */
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  database: { db: TDb; url: string; mode: "postgres" | "embedded"; migrate(onApply?: (n: string) => void): Promise<TMigrationResult> };
}

export interface TCommand {
  /** "tokens create" for sub-commands. */
  name: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** Apply pending migrations before running (default true). */
  autoMigrate?: boolean;
  /** Does not need the database (default false). */
  noDatabase?: boolean;
  /** On the embedded database: only joins a running server's, never opens it itself (default false). */
  joinOnly?: boolean;
  run(ctx: TCommandContext): Promise<void>;
}
