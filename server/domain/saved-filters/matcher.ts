import { createHash } from "node:crypto";
import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { logger } from "~/server/lib/logger";
import { buildCardWhere } from "../cards/filters";
import { ZCardFilterParams } from "../cards/filter-schema";
import { startLoop } from "../jobs/queue";
import { USABLE_BY_ACCOUNT } from "./filters";

/**
 * The saved-filter matcher: which cards newly match a saved filter, for whom, computed from the
 * cards added or changed since the last run, never by running the filters over the whole card
 * table. It is the only place that decides it; what it finds becomes `saved_filter.cards_matched`
 * events (server/domain/events/log.ts) that the notifications ("Alert me") and the webhooks read.
 *
 * Triggers on card (insert, update) and folder_card (insert) note each changed card once in
 * vm_card_change while anyone may hear of a match (migration 20261206120000). A run, in one
 * transaction:
 *   1. takes (deletes) up to `batch` changed card ids;
 *   2. reads the recipients: each (filter, account) where the account may use the filter now (its
 *      own private one, or a team filter of its team now: a member removed from the team drops out
 *      here) and follows it (saved_filter_member_state.alert_since) or has an enabled webhook
 *      endpoint subscribed to saved_filter.cards_matched;
 *   3. groups identical filters (same parameters), and evaluates each group's WHERE
 *      (cards/filters.ts buildCardWhere) against those cards only, up to a thousand groups per
 *      statement over one materialised copy of the changed rows. A group is evaluated for its
 *      recipient: when the parameters name folders, which resolve per account (its own, and its
 *      team's shared ones now), each recipient is a group of its own, so a card reaches only the
 *      accounts that may read it through the filter (a teammate whose folder_ids no longer
 *      resolve, because the folder was made private, hears of nothing);
 *   4. in the same statement records (filter signature, card) in vm_saved_filter_alert_seen, ON
 *      CONFLICT DO NOTHING, and writes one event per recipient of each signature that gained
 *      cards, naming the cards it inserted: a card is reported once per filter, however often it
 *      changes. A filter followed later with the same parameters is not told of cards that changed
 *      before it was followed.
 * A crash rolls all of it back, the taken ids included, so a restart neither loses nor repeats an
 * event; a card committed while a run works is simply in the log for the next one. A semantic
 * filter is matched by its text search (similarity ranking has no fixed set of matches).
 */

const BATCH = 5000;
/**
 * Each statement copies the changed rows once: with 23,000 distinct filters on 5,000 changed cards,
 * 1,000 a statement ran 10-13 % faster than 200 (docs/benchmarks.md, bench:alerts).
 */
const GROUPS_PER_STATEMENT = 1000;

/** The data of a `saved_filter.cards_matched` event: the cards the filter newly matched, ascending. */
export interface TMatchedCards {
  card_ids: number[];
}

/** One account that hears of one saved filter's new matches, and how. */
interface TRecipient {
  filter_id: number;
  account_id: number;
  params: unknown;
  /** it follows the filter ("Alert me"): a notification */
  follows: boolean;
  /** it has an enabled endpoint subscribed to saved_filter.cards_matched: a webhook delivery */
  hooked: boolean;
}

interface TGroup {
  /** The account the group's WHERE is built for (a recipient; it matters only with folder_ids). */
  accountId: number;
  signature: string;
  params: Record<string, unknown>;
  recipients: TRecipient[];
}

/**
 * What identifies a filter's matches: its parameters in a canonical order (a saved filter's
 * parameters are flat: values are strings, numbers, booleans or lists of them), and the evaluating
 * account when they name folders (which resolve per account: its own and its team's).
 */
export function filterSignature(accountId: number, params: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.fromEntries(
      Object.keys(params)
        .sort()
        .map((k) => [k, params[k]]),
    ),
  );
  const key = `${params.folder_ids ? accountId : ""}|${canonical}`;
  return createHash("sha256").update(key).digest("base64url").slice(0, 32);
}

/** Recipients with the same signature evaluate once. */
function groupRecipients(recipients: TRecipient[]): TGroup[] {
  const groups = new Map<string, TGroup>();
  for (const r of recipients) {
    const params = (r.params ?? {}) as Record<string, unknown>;
    const signature = filterSignature(r.account_id, params);
    const g = groups.get(signature);
    if (g) g.recipients.push(r);
    else groups.set(signature, { accountId: r.account_id, signature, params, recipients: [r] });
  }
  return [...groups.values()];
}

interface TCondition {
  sql: Prisma.Sql;
  signature: string;
  recipients: TRecipient[];
}

/** Each group's condition over `c`, or nothing when its parameters can match no card (or are no longer valid). */
async function groupConditions(db: TDb | Prisma.TransactionClient, groups: TGroup[]) {
  const out: TCondition[] = [];
  for (const g of groups) {
    const parsed = ZCardFilterParams.safeParse(g.params);
    if (!parsed.success) continue;
    try {
      const where = await buildCardWhere(db as TDb, g.accountId, { ...parsed.data, semantic: undefined });
      if (!where.empty) out.push({ sql: where.sql, signature: g.signature, recipients: g.recipients });
    } catch (error) {
      // A folder the recipient may not read (deleted, or no longer shared with it): the card list refuses it too.
      logger.debug("saved filter skipped for a recipient", { filters: [...new Set(g.recipients.map((r) => r.filter_id))], error });
    }
  }
  return out;
}

/**
 * One statement: evaluate a chunk of groups on the changed cards, record the new (signature, card)
 * pairs and write one event per recipient of a signature that gained cards, naming them (ascending)
 * and its readers. Answers the events written.
 */
async function evaluateChunk(tx: Prisma.TransactionClient, changed: number[], chunk: TCondition[]): Promise<number> {
  const hits = Prisma.join(
    chunk.map((g, i) => Prisma.sql`SELECT ${i}::int AS g, c.id FROM changed c WHERE ${g.sql}`),
    " UNION ALL ",
  );
  const signatures = chunk.map((g) => g.signature);
  const all = chunk.flatMap((g, i) => g.recipients.map((r) => ({ ...r, g: i })));
  return tx.$executeRaw`
    WITH changed AS MATERIALIZED (SELECT * FROM card WHERE id = ANY(${changed}::int[])),
    hit AS (${hits}),
    sig AS (SELECT s.signature, (s.n - 1)::int AS g FROM unnest(${signatures}::text[]) WITH ORDINALITY AS s(signature, n)),
    ins AS (
      INSERT INTO vm_saved_filter_alert_seen (signature, card_id)
      SELECT sig.signature, hit.id FROM hit JOIN sig ON sig.g = hit.g ORDER BY 1, 2
      ON CONFLICT DO NOTHING
      RETURNING signature, card_id
    ),
    per AS (SELECT sig.g, array_agg(ins.card_id ORDER BY ins.card_id) AS ids FROM ins JOIN sig ON sig.signature = ins.signature GROUP BY sig.g),
    recipient AS (
      SELECT * FROM unnest(${all.map((r) => r.filter_id)}::int[], ${all.map((r) => r.account_id)}::int[], ${all.map((r) => r.g)}::int[],
                           ${all.map((r) => r.follows)}::bool[], ${all.map((r) => r.hooked)}::bool[])
        AS m(filter_id, account_id, g, follows, hooked)
    )
    INSERT INTO domain_event (account_id, type, subject_id, data, pending)
    SELECT r.account_id, 'saved_filter.cards_matched', r.filter_id, jsonb_build_object('card_ids', to_jsonb(per.ids)),
           array_remove(ARRAY[CASE WHEN r.follows THEN 'notifications' END, CASE WHEN r.hooked THEN 'webhooks' END], NULL)
      FROM per JOIN recipient r ON r.g = per.g
     ORDER BY r.filter_id, r.account_id`;
}

/**
 * Every (filter, account) that hears of the filter's new matches now: the account may use the
 * filter, and follows it or has a subscribed endpoint.
 */
function recipientsOf(tx: Prisma.TransactionClient): Promise<TRecipient[]> {
  return tx.$queryRaw<TRecipient[]>`
    WITH hooked AS (
      SELECT DISTINCT e.account_id FROM webhook_endpoint e WHERE e.enabled AND 'saved_filter.cards_matched' = ANY (e.events)
    ), pairs AS (
      SELECT s.saved_filter_id AS filter_id, s.account_id FROM saved_filter_member_state s WHERE s.alert_since IS NOT NULL
      UNION
      SELECT f.id, a.id FROM hooked h JOIN account a ON a.id = h.account_id JOIN saved_filter f ON ${USABLE_BY_ACCOUNT}
    )
    SELECT f.id AS filter_id, a.id AS account_id, f.params,
           EXISTS (SELECT 1 FROM saved_filter_member_state s
                    WHERE s.saved_filter_id = f.id AND s.account_id = a.id AND s.alert_since IS NOT NULL) AS follows,
           EXISTS (SELECT 1 FROM hooked h WHERE h.account_id = a.id) AS hooked
      FROM pairs p JOIN saved_filter f ON f.id = p.filter_id JOIN account a ON a.id = p.account_id
     WHERE ${USABLE_BY_ACCOUNT}
     ORDER BY f.id, a.id`;
}

export interface TMatchRun {
  /** Changed cards taken from the log. */
  changed: number;
  /** Events written (one per recipient and filter that gained cards). */
  events: number;
}

export interface TMatchOptions {
  /** Changed cards per transaction. */
  batch?: number;
  /** Called inside each batch's transaction before it commits (tests: a crash mid-run). */
  beforeCommit?: () => Promise<void>;
}

async function matchBatch(db: TDb, batch: number, beforeCommit?: () => Promise<void>): Promise<TMatchRun> {
  return db.$transaction(
    async (tx) => {
      const changed = (
        await tx.$queryRaw<{ card_id: number }[]>`
          DELETE FROM vm_card_change WHERE card_id IN (
            SELECT card_id FROM vm_card_change ORDER BY card_id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
          RETURNING card_id`
      ).map((r) => r.card_id);
      if (changed.length === 0) return { changed: 0, events: 0 };
      const conditions = await groupConditions(tx, groupRecipients(await recipientsOf(tx)));
      let events = 0;
      for (let i = 0; i < conditions.length; i += GROUPS_PER_STATEMENT) {
        events += await evaluateChunk(tx, changed, conditions.slice(i, i + GROUPS_PER_STATEMENT));
      }
      await beforeCommit?.();
      return { changed: changed.length, events };
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
}

/** Takes every changed card in batches and writes the events of the filters they newly match. */
export async function runSavedFilterMatcher(db: TDb, opts: TMatchOptions = {}): Promise<TMatchRun> {
  const batch = opts.batch ?? BATCH;
  const total: TMatchRun = { changed: 0, events: 0 };
  for (;;) {
    const r = await matchBatch(db, batch, opts.beforeCommit);
    total.changed += r.changed;
    total.events += r.events;
    if (r.changed < batch) return total;
  }
}

/** How often the matcher looks at the change log. */
const MATCH_EVERY_MS = 1_000;

/**
 * The matcher's loop on the worker (the server process, or `vmon worker`): several processes may
 * run it at once, each run takes changed cards of its own (FOR UPDATE SKIP LOCKED).
 */
export function startSavedFilterMatcher(db: TDb, opts: { everyMs?: number } = {}): () => Promise<void> {
  return startLoop("saved-filter-matcher", opts.everyMs ?? MATCH_EVERY_MS, async () => {
    const r = await runSavedFilterMatcher(db);
    if (r.events > 0) logger.debug("saved filters matched", { ...r });
    return r.changed;
  });
}
