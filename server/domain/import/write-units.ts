import type { TDb } from "~/server/db/client";
import { aggregateInteractions, splitInteractionRefs, type TCardAggregate } from "./card-derived";
import { recomputeCardDerived } from "./derived";
import { partsFor, type TPart } from "./partition";
import type { TKind } from "./types";
import { writeCardsOf } from "./write-cards";
import { BATCH_SETTINGS_SQL, splitRecords, TouchSet, type TWriteCtx } from "./write-context";
import { writeInteractionsOf } from "./write-interactions";

/**
 * Units: what an import commits at once, so that a reader never sees a card whose derived fields
 * (`interactions_count`, first and last interaction, earliest source type) disagree with the
 * interactions it has, and an interrupted import leaves whole units only.
 *
 * - A file of at most UNIT_RECORDS valid records is one transaction, all of it (`inOneTransaction`):
 *   it is imported whole or not at all.
 * - A larger file commits its other kinds batch by batch first (reference data, profiles,
 *   participants; collections and network_b profiles after), and its cards with their
 *   interactions in units (`writeCardUnits`): the cards whose slugs fall in one partition
 *   (partition.ts), their categories, the interactions that point at them, and the derived fields
 *   of every card the unit touched, in one transaction of about UNIT_RECORDS records. Two units
 *   are written at once on a server (one per write lane), one on the embedded database.
 *
 * Why not one transaction for every file: the embedded database is one session for every
 * connection (server/db/pglite-queue.ts), so a transaction holds up every other request until
 * it commits, and on PostgreSQL one transaction is one connection, which leaves a core idle
 * (bench:import). A unit bounds both: about a second of the embedded database's time.
 */

/** Cards and interactions of one unit, about; also the largest file written in one transaction. */
export const UNIT_RECORDS = 10_000;

/** Units at most: a split writes one spool file per unit at once. */
const MAX_UNITS = 256;

/** How long one transaction may run (Prisma's own default is 5 s). */
const TRANSACTION_MS = 3_600_000;

/** The units of a file: about `unitRecords` records each, and few enough cards each for the aggregates' memory bound. */
export function unitsOf(
  records: number,
  cards: number,
  { unitRecords, aggregateCap }: { unitRecords: number; aggregateCap: number },
): number {
  return Math.max(partsFor(cards, aggregateCap), Math.min(MAX_UNITS, Math.ceil(records / unitRecords)));
}

/**
 * Runs `write` in one transaction, with the batch settings (write-context.ts) for all of it: the
 * writers' batches run inside it (`ctx.unit`), and what they wrote counts as committed once it
 * commits. `onCommit` is told when the transaction's body is done and its commit begins (a failure
 * after that may or may not have committed).
 */
export async function inOneTransaction(ctx: TWriteCtx, write: (tx: TWriteCtx) => Promise<void>, onCommit?: () => void): Promise<void> {
  const unit = { written: {} as Record<string, number> };
  await ctx.db.$transaction(
    async (tx) => {
      await tx.$queryRawUnsafe(BATCH_SETTINGS_SQL);
      // The transaction's client runs the writers' statements; its nested $transaction is a savepoint.
      await write({ ...ctx, db: tx as unknown as TDb, lanes: 1, unit });
      onCommit?.();
    },
    { maxWait: 120_000, timeout: TRANSACTION_MS },
  );
  for (const [kind, n] of Object.entries(unit.written)) ctx.committed[kind] = (ctx.committed[kind] ?? 0) + n;
}

/**
 * The cards of one partition (all of them when `only` is undefined), their interactions and the
 * derived fields of every card that changed, in the transaction `ctx` runs in.
 */
export async function writeCardsAndInteractions(ctx: TWriteCtx, only: TPart | undefined, derived: Map<string, TCardAggregate>) {
  const touched = new TouchSet();
  const u: TWriteCtx = { ...ctx, touchedCards: touched };
  await writeCardsOf(u, only, derived);
  await writeInteractionsOf(u, only);
  const cards = touched.list();
  if (cards === undefined || cards.length) await recomputeCardDerived(u.db, cards);
  for (const id of cards ?? []) ctx.touchedCards.add(id);
  if (cards === undefined) ctx.touchedCards.all = true;
}

/** Progress of the units of an import, for the report of an interrupted one. */
export interface TUnitProgress {
  total: number;
  committed: number;
  /** a unit whose commit had begun when the import stopped: it may have committed */
  committing: number;
}

/**
 * Writes the cards and interactions of a larger file in `units` transactions (see above), `lanes`
 * at once; `after` runs after each commit (the import's statistics). Stops at the first failure
 * once the units in flight have ended.
 */
export async function writeCardUnits(ctx: TWriteCtx, progress: TUnitProgress, after: (kinds: TKind[]) => Promise<void>): Promise<void> {
  const units = progress.total;
  if (units > 1) {
    await splitRecords(ctx.spool, "card", units);
    await splitRecords(ctx.spool, "interaction", units);
    if (!ctx.interactionIds) await splitInteractionRefs(ctx.spool, units);
  }
  // With explicit ids an interaction may move from a card of one unit to a card of another: one
  // unit at a time then, so that two never update the same card.
  const lanes = Math.min(units, ctx.interactionIds ? 1 : ctx.lanes);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    for (let part = next++; part < units && !failure; part = next++) {
      const only = units > 1 ? { part, parts: units } : undefined;
      const derived = ctx.interactionIds
        ? new Map<string, TCardAggregate>()
        : await aggregateInteractions(ctx.spool, ctx.invalid, only ?? { part: 0, parts: 1 });
      let committing = false;
      try {
        await inOneTransaction(
          ctx,
          (tx) => writeCardsAndInteractions(tx, only, derived),
          () => {
            committing = true;
            progress.committing += 1; // stays counted if the commit fails: it may have committed
          },
        );
      } catch (error) {
        failure ??= { error };
        return;
      }
      if (committing) progress.committing -= 1;
      progress.committed += 1;
      await after(["card", "interaction"]);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failure) throw failure.error;
}
