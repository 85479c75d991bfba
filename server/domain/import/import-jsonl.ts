import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { queueEmbeddingBackfill } from "../embeddings/jobs";
import { BULK_MIN_ROWS, deferIndexes, restoreDeferredIndexes } from "~/server/db/deferred-indexes";
import { deferTriggerTable, TRIGGER_TABLES, type TTriggerTable } from "./trigger-tables";
import { AGGREGATE_CAP } from "./card-derived";
import { recomputeCardDerived, recomputeParticipantSignals } from "./derived";
import { Spool } from "./spool";
import { ImportStatistics } from "./statistics";
import { ImportValidationError, KINDS, type TImportOptions, type TImportReport, type TImportSource, type TKind } from "./types";
import { validateSource } from "./validate";
import { writeCards } from "./write-cards";
import { LANES, makeDurable, TouchSet, type TWriteCtx } from "./write-context";
import { writeInteractions } from "./write-interactions";
import { writeParticipants } from "./write-participants";
import { writeCollections, writeNetworkBProfiles, writeProfiles } from "./write-raw";
import { writeCategories, writeLocations, writeParticipantTypes, writeRanked, writeSourceTypes } from "./write-reference";
import { requestSavedFilterCheck } from "../webhooks/saved-filters";

/**
 * Imports a JSON Lines file (docs/import-format.md).
 *
 * 1. Validation: every line is parsed and checked (schema, then references against the whole file
 *    and the database); valid records are spooled to temporary files, one per kind.
 * 2. If a line is invalid and `skipInvalid` is not set, ImportValidationError: nothing is written.
 * 3. Writes, kind by kind in dependency order, in batched multi-row upserts. A kind that brings at
 *    least BULK_MIN_ROWS records into empty tables has their secondary indexes built once its rows
 *    are in (server/db/deferred-indexes.ts), after all the writes; vm_card_word and
 *    vm_card_participant, which their triggers fill, are then written in one statement each too
 *    (trigger-tables.ts).
 * 4. Derived fields of every card and participant whose interactions changed.
 *
 * Memory is bounded whatever the file's size: records and keys live in the spool, and a pass that
 * needs keys in memory holds one partition of them at a time (partition.ts).
 */

const WRITERS: Record<TKind, (ctx: TWriteCtx) => Promise<void>> = {
  stage: (ctx) => writeRanked(ctx, "stage"),
  round: (ctx) => writeRanked(ctx, "round"),
  source_type: writeSourceTypes,
  participant_type: writeParticipantTypes,
  category: writeCategories,
  location: writeLocations,
  profile: writeProfiles,
  participant: writeParticipants,
  card: writeCards,
  interaction: writeInteractions,
  collection: writeCollections,
  network_b_profile: writeNetworkBProfiles,
};

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
      progress: (n) => {
        done += n;
        opts.onProgress?.({ phase: "write", done, total: report.valid });
      },
      grown: (kind, written) => statistics.grown(kind, written),
    };
    const timings: Record<string, number> = {};
    const bulkMin = opts.bulkMinRows ?? BULK_MIN_ROWS;
    for (const kind of KINDS) {
      const t = Date.now();
      const tables = KIND_TABLES[kind]?.filter((table) => !KEEP_INDEXES.has(table));
      if (tables && spool.count(`rec:${kind}`) >= bulkMin) {
        deferred += await deferIndexes(db, tables);
        const filled = (TRIGGER_TABLES as Partial<Record<TKind, TTriggerTable>>)[kind];
        if (filled) deferred += await deferTriggerTable(db, filled);
      }
      await WRITERS[kind](ctx);
      await statistics.done(kind, ctx.written[kind] ?? 0);
      timings[kind] = Date.now() - t;
    }
    if (deferred) {
      const t = Date.now();
      opts.onProgress?.({ phase: "index", done: 0, total: deferred });
      await restoreDeferredIndexes(db, ctx.lanes);
      deferred = 0;
      timings.indexes = Date.now() - t;
    }

    const cards = ctx.touchedCards.list();
    const participants = ctx.touchedParticipants.list();
    const derive = (done: number, total: number) => opts.onProgress?.({ phase: "derive", done, total });
    derive(0, (cards?.length ?? 0) + (participants?.length ?? 0));
    if (cards === undefined || cards.length) await recomputeCardDerived(db, cards, derive);
    if (participants === undefined || participants.length) await recomputeParticipantSignals(db, participants, derive);
    // New or changed cards and participants need vectors: the server's embeddings worker takes it from here.
    if (cards === undefined || cards.length || participants === undefined || participants.length) await queueEmbeddingBackfill(db);
    // Cards may newly match saved filters: the webhooks worker checks them (saved_filter.cards_matched).
    if (cards === undefined || cards.length) await requestSavedFilterCheck(db);
    await makeDurable(db);
    logger.debug("import finished", {
      lines,
      invalid: invalid.length,
      written: report.written,
      writeMs: timings,
      ms: Date.now() - started,
    });
    return report;
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
