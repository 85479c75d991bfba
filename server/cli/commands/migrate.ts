import type { TCommand } from "../command";

export const migrateCommand: TCommand = {
  name: "migrate",
  usage: "vmon migrate                      apply pending database migrations",
  options: {},
  autoMigrate: false,
  async run({ io, database }) {
    const result = await database.migrate((name) => io.info(`applying ${name}`));
    io.result(
      { applied: result.applied, already_applied: result.alreadyApplied },
      result.applied.length ? `Applied ${result.applied.length} migration(s).` : "The database is up to date.",
    );
  },
};
