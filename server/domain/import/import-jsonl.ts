import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { queueEmbeddingBackfill } from "../embeddings/jobs";
import { BULK_MIN_ROWS, deferIndexes, restoreDeferredIndexes } from "~/server/db/deferred-indexes";
import { deferTriggerTable, TRIGGER_TABLES, type TTriggerTable } from "./trigger-tables";
import { aggregateInteractions, AGGREGATE_CAP } from "./card-derived";
import { recomputeParticipantSignals } from "./derived";
import { describeKept } from "./kept";
import { Spool } from "./spool";
import { ImportStatistics } from "./statistics";
import {
  ImportInterruptedError,
  ImportValidationError,
  type TImportOptions,
  type TImportReport,
  type TImportSource,
  type TKind,
} from "./types";
import { validateSource } from "./validate";
import { LANES, makeDurable, TouchSet, type TWriteCtx } from "./write-context";
import { advanceInteractionIds } from "./write-interactions";
import { writeParticipants } from "./write-participants";
import { writeCollections, writeNetworkBProfiles, writeProfiles } from "./write-raw";
import { writeCategories, writeLocations, writeParticipantTypes, writeRanked, writeSourceTypes } from "./write-reference";
import { inOneTransaction, UNIT_RECORDS, unitsOf, writeCardsAndInteractions, writeCardUnits, type TUnitProgress } from "./write-units";

/**
 * Imports a JSON Lines file (docs/import-format.md).
 *
 * 1. Validation: every line is parsed and checked (schema, then references against the whole file
 *    and the database); valid records are spooled to temporary files, one per kind.
 * 2. If a line is invalid and `skipInvalid` is not set, ImportValidationError: nothing is written.
 * 3. Writes, kind by kind in dependency order, in batched multi-row upserts, in transactions that
 *    a reader only ever sees whole (write-units.ts): a small file all at once; a larger one kind by
 *    kind, its cards with their interactions and derived fields in units. A kind that brings at
 *    least BULK_MIN_ROWS records into empty tables has their secondary indexes built once its rows
 *    are in (server/db/deferred-indexes.ts), after all the writes; vm_card_word and
 *    vm_card_participant, which their triggers fill, are then written in one statement each too
 *    (trigger-tables.ts).
 * 4. The participants' `monthly_signals` where their interactions changed, and the embeddings
 *    queue.
 *
 * A failure while writing is an ImportInterruptedError that says what was committed.
 *
 * Memory is bounded whatever the file's size: records and keys live in the spool, and a pass that
 * needs keys in memory holds one partition of them at a time (partition.ts).
 */

const WRITERS: Partial<Record<TKind, (ctx: TWriteCtx) => Promise<void>>> = {
  stage: (ctx) => writeRanked(ctx, "stage"),
  round: (ctx) => writeRanked(ctx, "round"),
  source_type: writeSourceTypes,
  participant_type: writeParticipantTypes,
  category: writeCategories,
  location: writeLocations,
  profile: writeProfiles,
  participant: writeParticipants,
  // card and interaction: together, in units (write-units.ts)
  collection: writeCollections,
  network_b_profile: writeNetworkBProfiles,
};

/** The kinds written before the cards and their interactions, and after them. */
const BEFORE_CARDS: TKind[] = ["stage", "round", "source_type", "participant_type", "category", "location", "profile", "participant"];
const AFTER_CARDS: TKind[] = ["collection", "network_b_profile"];

/**
 * The large tables each kind fills: statistics.ts refreshes their statistics as they grow, and a
 * bulk load may build their indexes afterwards (server/db/deferred-indexes.ts), but for those of
 * KEEP_INDEXES.
 */
const KIND_TABLES: Partial<Record<TKind, readonly string[]>> = {
  profile: ["profile"],
  participant: ["participant", "participant_source"],
  // vm_card_word is filled by card's triggers (migration 20261124090000).
  card: ["card", "card_category", "vm_card_word"],
  // vm_card_participant is filled by interaction's triggers (migration 20261123120000).
  interaction: ["interaction", "vm_card_participant"],
  network_b_profile: ["network_b_profile"],
};

/** Tables filled by triggers: after a bulk load, their refill builds their indexes (trigger-tables.ts). */
const KEEP_INDEXES = new Set<string>(Object.values(TRIGGER_TABLES).map((t) => t.table));

export async function importJsonl(db: TDb, source: TImportSource, opts: TImportOptions = {}): Promise<TImportReport> {
  const spool = new Spool();
  const started = Date.now();
  const committed: Record<string, number> = {};
  const units: TUnitProgress = { total: 0, committed: 0, committing: 0 };
  let whole = false;
  let deferred = 0;
  try {
    // Indexes an interrupted bulk load left unbuilt come first.
    await restoreDeferredIndexes(db);
    const { registry, lines, interactionIds } = await validateSource(db, source, spool, opts.onProgress, opts.keysInMemory);
    const invalid = [...registry.invalid].map(([line, reason]) => ({ line, reason })).sort((a, b) => a.line - b.line);
    const report: TImportReport = {
      lines,
      valid: lines - invalid.length,
      invalid,
      written: {},
      skippedInvalid: invalid.length > 0 && opts.skipInvalid === true,
    };
    if (invalid.length && !opts.skipInvalid) throw new ImportValidationError(report);
    registry.unload();

    const [{ now, version }] = (await db.$queryRawUnsafe<{ now: Date; version: string }[]>(
      `SELECT now() AS now, version() AS version`,
    )) as [{ now: Date; version: string }];
    let done = 0;
    const statistics = new ImportStatistics(db, (kind) => KIND_TABLES[kind]);
    const ctx: TWriteCtx = {
      db,
      spool,
      invalid: registry.invalid,
      startedAt: now,
      touchedCards: new TouchSet(),
      touchedParticipants: new TouchSet(),
      profileRedirect: new Map(),
      interactionIds,
      aggregateCap: opts.keysInMemory ?? AGGREGATE_CAP,
      lanes: /PGlite|emscripten/i.test(version) ? 1 : LANES,
      written: report.written,
      committed,
      progress: (n) => {
        done += n;
        opts.onProgress?.({ phase: "write", done, total: report.valid });
      },
      grown: (kind, written) => statistics.grown(kind, written),
    };
    const derive = (done: number, total: number) => opts.onProgress?.({ phase: "derive", done, total });
    const timings: Record<string, number> = {};
    const timed = async (name: string, step: () => Promise<unknown>) => {
      const t = Date.now();
      await step();
      timings[name] = Date.now() - t;
    };

    const unitRecords = opts.unitRecords ?? UNIT_RECORDS;
    whole = report.valid <= unitRecords;
    if (whole) {
      await inOneTransaction(
        ctx,
        async (tx) => {
          for (const kind of BEFORE_CARDS) await WRITERS[kind]!(tx);
          const derived = interactionIds ? new Map() : await aggregateInteractions(spool, registry.invalid, { part: 0, parts: 1 });
          await writeCardsAndInteractions(tx, undefined, derived);
          if (interactionIds) await advanceInteractionIds(tx.db);
          for (const kind of AFTER_CARDS) await WRITERS[kind]!(tx);
          await afterWrites(tx, derive);
        },
        () => (units.committing = 1),
      );
    } else {
      const bulkMin = opts.bulkMinRows ?? BULK_MIN_ROWS;
      const defer = async (kind: TKind) => {
        const tables = KIND_TABLES[kind]?.filter((table) => !KEEP_INDEXES.has(table));
        if (!tables || spool.count(`rec:${kind}`) < bulkMin) return;
        deferred += await deferIndexes(db, tables);
        const filled = (TRIGGER_TABLES as Partial<Record<TKind, TTriggerTable>>)[kind];
        if (filled) deferred += await deferTriggerTable(db, filled);
      };
      const write = async (kind: TKind) => {
        await defer(kind);
        await timed(kind, () => WRITERS[kind]!(ctx));
        await statistics.done(kind, ctx.written[kind] ?? 0);
      };
      for (const kind of BEFORE_CARDS) await write(kind);
      await defer("card");
      await defer("interaction");
      units.total = unitsOf(spool.count("rec:card") + spool.count("rec:interaction"), spool.count("rec:card"), {
        unitRecords,
        aggregateCap: ctx.aggregateCap,
      });
      await timed("cards and interactions", () =>
        writeCardUnits(ctx, units, async (kinds) => {
          for (const kind of kinds) await statistics.grown(kind, ctx.written[kind] ?? 0);
        }),
      );
      for (const kind of ["card", "interaction"] as const) await statistics.done(kind, ctx.written[kind] ?? 0);
      if (interactionIds) await advanceInteractionIds(db);
      for (const kind of AFTER_CARDS) await write(kind);
      if (deferred) {
        opts.onProgress?.({ phase: "index", done: 0, total: deferred });
        await timed("indexes", () => restoreDeferredIndexes(db, ctx.lanes));
        deferred = 0;
      }
      await timed("derived", () => afterWrites(ctx, derive));
    }
    await makeDurable(db);
    logger.debug("import finished", {
      lines,
      invalid: invalid.length,
      written: report.written,
      units: whole ? 1 : units.total,
      writeMs: timings,
      ms: Date.now() - started,
    });
    return report;
  } catch (err) {
    if (err instanceof ImportValidationError) throw err;
    throw new ImportInterruptedError(describeKept({ whole, committed, units }), err);
  } finally {
    spool.dispose();
    // A failed import still leaves every index in place (a crash leaves the records for the next start).
    if (deferred) {
      await restoreDeferredIndexes(db, 1).catch((err: unknown) =>
        logger.error("could not build the deferred indexes; the next start or `vmon migrate` retries", { error: err }),
      );
    }
  }
}

/**
 * What follows the writes, in the same transaction as they for a small file: the participants'
 * `monthly_signals` where their interactions changed, and the embeddings queue: the server's
 * embeddings worker computes the vectors of new or changed cards and participants. (The saved
 * filters' new matches need nothing: the card triggers log the changes for the matcher,
 * server/domain/saved-filters/matcher.ts.)
 */
async function afterWrites(ctx: TWriteCtx, derive: (done: number, total: number) => void): Promise<void> {
  const cards = ctx.touchedCards.list();
  const participants = ctx.touchedParticipants.list();
  const someCards = cards === undefined || cards.length > 0;
  const someParticipants = participants === undefined || participants.length > 0;
  derive(0, participants?.length ?? 0);
  if (someParticipants) await recomputeParticipantSignals(ctx.db, participants, derive);
  if (someCards || someParticipants) await queueEmbeddingBackfill(ctx.db);
}
