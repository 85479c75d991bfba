import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { closeDatabase, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { AppError } from "../lib/errors";
import type { TCommand, TCommandContext } from "./command";
import {
  collectionsAssignCommand,
  collectionsCreateCommand,
  collectionsListCommand,
  collectionsUpdateCommand,
} from "./commands/collections";
import { importCommand, seedCommand } from "./commands/data";
import { mailTestCommand } from "./commands/mail";
import { embeddingsRebuildCommand } from "./commands/embeddings";
import { migrateCommand } from "./commands/migrate";
import { oauthClientsCreateCommand, oauthClientsListCommand, oauthClientsRevokeCommand } from "./commands/oauth-clients";
import { radarProcessCommand, radarRefreshCommand } from "./commands/radar";
import { teamsAddCommand, teamsCreateCommand, teamsInviteCommand, teamsListCommand, teamsRemoveCommand } from "./commands/teams";
import { tokensCreateCommand, tokensListCommand, tokensRevokeCommand } from "./commands/tokens";
import { usersCreateCommand, usersSetPasswordCommand } from "./commands/users";
import { workerCommand } from "./commands/worker";
import { createIo, UsageError } from "./io";

const COMMANDS: TCommand[] = [
  migrateCommand,
  seedCommand,
  importCommand,
  usersCreateCommand,
  usersSetPasswordCommand,
  tokensCreateCommand,
  tokensRevokeCommand,
  tokensListCommand,
  oauthClientsCreateCommand,
  oauthClientsListCommand,
  oauthClientsRevokeCommand,
  collectionsCreateCommand,
  collectionsUpdateCommand,
  collectionsAssignCommand,
  collectionsListCommand,
  teamsCreateCommand,
  teamsAddCommand,
  teamsRemoveCommand,
  teamsListCommand,
  teamsInviteCommand,
  radarProcessCommand,
  radarRefreshCommand,
  embeddingsRebuildCommand,
  mailTestCommand,
  workerCommand,
];

/** What a command that needs no database (`noDatabase`) is given: using it is a programming error. */
const NO_DATABASE = new Proxy({} as TCommandContext["database"], {
  get() {
    throw new Error("this command runs without a database");
  },
});

function help(): string {
  return [
    "vmon: the Venture Monitor command line. Works on the same database as the server (DATABASE_URL,",
    "or the embedded database under DATA_DIR, also while the server runs). Add --json for JSON output.",
    "",
    ...COMMANDS.map((c) => `  ${c.usage}`),
  ].join("\n");
}

function findCommand(argv: string[]): { command: TCommand; rest: string[] } | undefined {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(" ");
    const command = COMMANDS.find((c) => c.name === name);
    if (command) return { command, rest: argv.slice(words) };
  }
  return undefined;
}

/** Runs one command; returns the process exit code. */
export async function runCli(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === "help" || argv[0] === "--help" || argv[0] === "-h") {
    process.stdout.write(`${help()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) {
    process.stderr.write(`error: unknown command '${argv.slice(0, 2).join(" ")}'\n\n${help()}\n`);
    return 2;
  }
  const { command, rest } = found;
  let json = rest.includes("--json");
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, json: { type: "boolean" }, help: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
    json = values.json === true;
    if (values.help) {
      process.stdout.write(`${command.usage}\n`);
      return 0;
    }
    const io = createIo(json);
    if (command.noDatabase) {
      await command.run({ io, values, positionals, database: NO_DATABASE });
      return 0;
    }
    const state = await openDatabase({ role: "cli", waitMs: 30_000, onWait: () => io.info("waiting for the embedded database…") });
    const database = {
      db: state.prisma,
      url: state.url,
      mode: state.mode,
      migrate: (cb?: (n: string) => void) => migrate(state.directUrl, cb),
    };
    if (command.autoMigrate !== false) await database.migrate((n) => io.info(`applying migration ${n}`));
    await command.run({ io, values, positionals, database });
    return 0;
  } catch (err) {
    const message =
      err instanceof ZodError
        ? err.issues.map((i) => `${i.path.join(".") || "value"}: ${i.message}`).join("; ")
        : err instanceof Error
          ? err.message
          : String(err);
    if (json) process.stdout.write(`${JSON.stringify({ error: err instanceof AppError ? err.code : "error", message })}\n`);
    process.stderr.write(`error: ${message}\n`);
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`usage: ${command.usage}\n`);
      return 2;
    }
    return 1;
  } finally {
    await closeDatabase();
  }
}
