import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { logger } from "~/server/lib/logger";
import { COMPACT_FIELDS } from "../cards/fields";
import { buildCardWhere } from "../cards/filters";
import { cardItems } from "../cards/list";
import { ZCardFilterParams, type TCardFilterParams } from "../cards/filter-schema";
import { cardRowJson, decodeCardRow } from "../cards/rows";
import { LEASE_MS, whileLeased } from "../jobs/lease";
import { claim, complete, enqueue, renewJobs } from "../jobs/queue";
import { recordEvent } from "../events/outbox";
import { toSavedFilter, USABLE_BY_ACCOUNT } from "../saved-filters/filters";

/**
 * saved_filter.cards_matched: the cards that newly match one of an account's saved filters, each
 * sent once per filter. Checked on a schedule and after each import (the import queues a check).
 * A filter's events go to the accounts that see it now and have an enabled endpoint subscribed to
 * the event: a private filter's creator; every member of a team filter's team, read at each check
 * (DESIGN section 16: a shared filter stays with the team when its creator leaves or is removed, and
 * a removed member receives nothing more). Only filters with such an account are checked, as the
 * first of them (a member, so the team's folders in its parameters resolve); the cards are
 * formatted for each recipient (has_intro_request is the recipient's own).
 *
 * saved_filter_match holds the cards already matched per filter: a check inserts the filter's
 * current matches (ON CONFLICT DO NOTHING) and the inserted ones are the new matches. A filter's
 * first check (no saved_filter_check row yet) records its matches without sending them: they are
 * not new. The insert, the event and the check row are one transaction, so a crash sends nothing
 * twice and loses nothing. A semantic filter is matched by its text search (similarity ranking
 * has no fixed set of matches). Cards go out in the compact list shape, at most 100 per event.
 */

export const SAVED_FILTER_CHECK_MS = 5 * 60 * 1000;
const QUEUE = "webhooks-saved-filters";
const CARDS_PER_EVENT = 100;

/** Asks the worker to check saved filters soon (after an import). */
export const requestSavedFilterCheck = (db: TDb) => enqueue(db, QUEUE, {}, { key: "check" });

interface TFilterRow {
  id: number;
  account_id: number;
  owner_email: string;
  visibility: string;
  name: string;
  params: unknown;
  created_at: Date;
  updated_at: Date;
  checked: boolean;
  /** The accounts that see the filter now and have a subscribed, enabled endpoint (ascending). */
  recipients: number[];
}

async function filtersToCheck(db: TDb): Promise<TFilterRow[]> {
  return db.$queryRaw<TFilterRow[]>`
    SELECT * FROM (
      SELECT f.id, f.account_id, o.email AS owner_email, f.visibility, f.name, f.params, f.created_at, f.updated_at,
             (ck.filter_id IS NOT NULL) AS checked,
             ARRAY(SELECT DISTINCT e.account_id FROM webhook_endpoint e JOIN account a ON a.id = e.account_id
                    WHERE e.enabled AND 'saved_filter.cards_matched' = ANY(e.events) AND ${USABLE_BY_ACCOUNT}
                    ORDER BY e.account_id) AS recipients
        FROM saved_filter f JOIN account o ON o.id = f.account_id LEFT JOIN saved_filter_check ck ON ck.filter_id = f.id
    ) x
     WHERE cardinality(x.recipients) > 0
     ORDER BY x.id`;
}

async function compactCards(db: TDb, accountId: number, ids: number[]) {
  const rows = await db.$queryRaw<{ row: string | null }[]>`
    SELECT ${cardRowJson(accountId, Prisma.sql`m.card_id`)} AS row FROM unnest(${ids}::int[]) AS m(card_id) ORDER BY m.card_id`;
  return cardItems(
    db,
    accountId,
    rows.flatMap((r) => (r.row ? [decodeCardRow(r.row)] : [])),
    { fields: COMPACT_FIELDS, userData: false },
  );
}

/**
 * Checks one filter; returns how many cards newly matched (0 on its first check). The candidates
 * (matching, not yet recorded) are read and formatted first; the transaction then records them,
 * keeping only those it inserted (a concurrent check may have taken some), with their events.
 */
async function checkFilter(db: TDb, f: TFilterRow): Promise<number> {
  const parsed = ZCardFilterParams.safeParse(f.params ?? {});
  if (!parsed.success) return 0; // no longer valid parameters: the cards list refuses them too
  const params: TCardFilterParams = { ...parsed.data, semantic: undefined };
  const where = await buildCardWhere(db, f.recipients[0]!, params);
  const candidates = where.empty
    ? []
    : (
        await db.$queryRaw<{ id: number }[]>`
          SELECT c.id FROM card c
           WHERE ${where.sql} AND NOT EXISTS (SELECT 1 FROM saved_filter_match m WHERE m.filter_id = ${f.id} AND m.card_id = c.id)
           ORDER BY c.id`
      ).map((r) => r.id);
  const cards = new Map<number, Awaited<ReturnType<typeof compactCards>>>();
  if (f.checked && candidates.length) for (const r of f.recipients) cards.set(r, await compactCards(db, r, candidates));
  return db.$transaction(
    async (tx) => {
      const inserted = candidates.length
        ? await tx.$queryRaw<{ card_id: number }[]>`
            INSERT INTO saved_filter_match (filter_id, card_id) SELECT ${f.id}, x FROM unnest(${candidates}::int[]) AS x
            ON CONFLICT DO NOTHING RETURNING card_id`
        : [];
      await tx.$executeRaw`
        INSERT INTO saved_filter_check (filter_id, checked_at) VALUES (${f.id}, now())
        ON CONFLICT (filter_id) DO UPDATE SET checked_at = now()`;
      if (!f.checked || inserted.length === 0) return 0;
      const ours = new Set(inserted.map((m) => m.card_id));
      const filter = toSavedFilter({
        id: f.id,
        name: f.name,
        params: f.params,
        createdAt: f.created_at,
        updatedAt: f.updated_at,
        visibility: f.visibility,
        account: { id: f.account_id, email: f.owner_email },
      });
      for (const [recipient, formatted] of cards) {
        const sent = formatted.filter((c) => ours.has(c.id!));
        for (let i = 0; i < sent.length; i += CARDS_PER_EVENT) {
          await recordEvent(tx, recipient, "saved_filter.cards_matched", { filter, cards: sent.slice(i, i + CARDS_PER_EVENT) });
        }
      }
      return ours.size;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** Checks every subscribed saved filter once. */
async function checkSavedFilters(db: TDb): Promise<{ filters: number; cards: number; events: number }> {
  const filters = await filtersToCheck(db);
  let cards = 0;
  let events = 0;
  for (const f of filters) {
    try {
      const n = await checkFilter(db, f);
      cards += n;
      events += Math.ceil(n / CARDS_PER_EVENT);
    } catch (error) {
      logger.error("saved filter check failed", { filter: f.id, error });
    }
  }
  return { filters: filters.length, cards, events };
}

/**
 * One tick of the saved-filter loop: checks when an import asked for it, or when the schedule's
 * period has passed since `lastRun`. Returns whether it checked.
 */
export async function savedFilterTick(db: TDb, lastRun: number, periodMs = SAVED_FILTER_CHECK_MS): Promise<boolean> {
  const jobs = await claim(db, QUEUE, 1, LEASE_MS);
  if (jobs.length === 0 && Date.now() - lastRun < periodMs) return false;
  await whileLeased(
    QUEUE,
    (until) => renewJobs(db, jobs, until),
    {},
    () => checkSavedFilters(db),
  );
  await complete(
    db,
    jobs.map((j) => j.id),
  );
  return true;
}
