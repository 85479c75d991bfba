import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import type { TKind } from "./types";

/**
 * Planner statistics of the tables an import fills, refreshed while they grow: first at
 * FIRST_ROWS rows of a kind, then each time the kind has grown GROWTH-fold, and once more when the
 * kind is written (for the kinds after it, which join it).
 *
 * An import must not depend on autovacuum for them: it may be off (it is on the CI machines), and
 * it analyses a table only after a tenth of it changed. Without statistics, a table that was empty
 * when the import began is planned from defaults: the statement that replaces a batch's
 * categories then scans all of card_category instead of looking the batch's cards up, a cost that
 * grows with the table (docs/benchmarks.md, bench:import).
 */

const FIRST_ROWS = 5_000;
const GROWTH = 4;

export class ImportStatistics {
  private readonly next = new Map<TKind, number>();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: TDb,
    private readonly tablesOf: (kind: TKind) => readonly string[] | undefined,
  ) {}

  /** Called after each batch with the rows of the kind written so far (lanes may call it at once). */
  async grown(kind: TKind, written: number): Promise<void> {
    const due = this.next.get(kind) ?? FIRST_ROWS;
    if (written < due) return;
    this.next.set(kind, written * GROWTH);
    await this.analyze(kind);
  }

  /** Called once the kind is written. */
  async done(kind: TKind, written: number): Promise<void> {
    if (written > 0) await this.analyze(kind);
    this.next.delete(kind);
  }

  private analyze(kind: TKind): Promise<void> {
    const tables = this.tablesOf(kind);
    if (!tables?.length) return Promise.resolve();
    // One ANALYZE at a time; the names come from the importer's own list, never from input.
    // Statistics only make the writes faster: a failure is logged, and the import goes on.
    this.running = this.running.then(async () => {
      const t = Date.now();
      try {
        await this.db.$executeRawUnsafe(`ANALYZE ${tables.map((name) => `public."${name}"`).join(", ")}`);
        logger.debug("import statistics refreshed", { kind, tables, ms: Date.now() - t });
      } catch (err) {
        logger.warn("could not refresh the statistics of imported tables", { kind, tables, error: err });
      }
    });
    return this.running;
  }
}
