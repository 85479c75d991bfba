import { restoreDeferredIndexes } from "~/server/db/deferred-indexes";
import type { TCommand } from "../command";

export const migrateCommand: TCommand = {
  name: "migrate",
  usage: "vmon migrate                      apply pending database migrations (and build indexes an interrupted import left)",
  options: {},
  autoMigrate: false,
  async run({ io, database }) {
    const result = await database.migrate((name) => io.info(`applying ${name}`));
    // Indexes an interrupted bulk import left unbuilt (server/db/deferred-indexes.ts).
    for (const name of await restoreDeferredIndexes(database.db)) io.info(`built deferred index ${name}`);
    io.result(
      { applied: result.applied, already_applied: result.alreadyApplied },
      result.applied.length ? `Applied ${result.applied.length} migration(s).` : "The database is up to date.",
    );
  },
};
