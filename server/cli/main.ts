import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "../db/availability";
import { closeDatabase, openDatabase } from "../db/client";
import { ImportInterruptedError } from "../domain/import";
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

/**
 * A command whose database stopped answering under it (the embedded database's host stopped, the
 * server restarted): one line that says what was kept, no stack; exit 1.
 */
function databaseGone(command: TCommand, err: unknown, json: boolean): number {
  const kept = err instanceof ImportInterruptedError ? err.kept : "nothing of its unfinished step was written";
  const message = `the database host stopped before \`vmon ${command.name}\` finished; ${kept}; run the command again.`;
  if (json) process.stdout.write(`${JSON.stringify({ error: "service_unavailable", message })}\n`);
  process.stderr.write(`error: ${message}\n`);
  return 1;
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
    let lingered = false;
    const state = await openDatabase({
      role: "cli",
      waitMs: 30_000,
      joinOnly: command.joinOnly,
      onWait: ({ pid, role }) =>
        io.info(`waiting for ${role === "server" ? "the server that is stopping" : "vmon"} (pid ${pid}) to release the embedded database…`),
      onLinger: (open) => {
        if (!lingered) io.info(`waiting for the vmon commands that use this command's database to finish (${open} connection(s))…`);
        lingered = true;
      },
    });
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
    if (isDatabaseUnavailable(err)) return databaseGone(command, err, json);
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
    // A database that is gone cannot be closed cleanly; the command's answer is given already.
    await closeDatabase().catch(() => undefined);
  }
}
