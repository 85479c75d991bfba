import { createHash } from "node:crypto";
import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { logger } from "~/server/lib/logger";
import { buildCardWhere } from "../cards/filters";
import { ZCardFilterParams } from "../cards/filter-schema";
import { USABLE_BY_ACCOUNT } from "../saved-filters/filters";

/**
 * "Alert me" on saved filters, computed from the cards added or changed since the last run, never
 * by running the followed filters over the whole card table (docs/notifications.md).
 *
 * Triggers on card (insert, update) and folder_card (insert) note each changed card once in
 * vm_card_change while any filter is followed. A run, in one transaction:
 *   1. takes (deletes) up to `batch` changed card ids;
 *   2. reads the followers (saved_filter_member_state rows with alert_since set whose account may
 *      still use the filter: its own private one, or a team filter of its team now; a member removed
 *      from the team drops out here) and groups identical filters (same parameters; per follower
 *      when they name folders, which resolve for the follower: their own and their team's);
 *   3. evaluates each group's WHERE (cards/filters.ts buildCardWhere, built for the group's
 *      follower) against those cards only, up to a thousand groups per statement over one
 *      materialised copy of the changed rows;
 *   4. in the same statement records (filter signature, card) in vm_saved_filter_alert_seen, ON
 *      CONFLICT DO NOTHING, and writes one notification per (filter, follower) of each signature
 *      that gained cards, to the follower's account, for the cards it inserted: a card is notified
 *      once per filter, however often it changes. The bookkeeping is per distinct filter, not per
 *      follower (a thousand analysts following "seed stage" record each card once); a filter
 *      followed later with the same parameters is not told of cards that changed before it was
 *      followed, which is the rule anyway.
 * A crash rolls all of it back, the taken ids included, so a restart neither loses nor repeats an
 * alert; a card committed while a run works is simply in the log for the next one. A semantic
 * filter is matched by its text search (similarity ranking has no fixed set of matches).
 */

const BATCH = 5000;
/**
 * Each statement copies the changed rows once: with 23,000 distinct filters on 5,000 changed cards,
 * 1,000 a statement ran 10-13 % faster than 200 (docs/benchmarks.md, bench:alerts).
 */
const GROUPS_PER_STATEMENT = 1000;
/** How many of the new cards a notification names. */
const CARDS_NAMED = 3;

/** One follower of one saved filter. */
interface TFollowed {
  filter_id: number;
  /** The follower (the filter's creator or a member of its team). */
  account_id: number;
  params: unknown;
}

interface TGroup {
  /** The account the group's WHERE is built for (a follower; it matters only with folder_ids). */
  accountId: number;
  signature: string;
  params: Record<string, unknown>;
  followers: { filterId: number; accountId: number }[];
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/**
 * What identifies a filter's matches: its parameters in a canonical order, and the evaluating
 * account when they name folders (which resolve per account: its own and its team's).
 */
export function filterSignature(accountId: number, params: Record<string, unknown>): string {
  const key = `${params.folder_ids ? accountId : ""}|${JSON.stringify(canonical(params))}`;
  return createHash("sha256").update(key).digest("base64url").slice(0, 32);
}

/** Followed filters with the same signature evaluate once. */
function groupFilters(filters: TFollowed[]): TGroup[] {
  const groups = new Map<string, TGroup>();
  for (const f of filters) {
    const params = (f.params ?? {}) as Record<string, unknown>;
    const signature = filterSignature(f.account_id, params);
    const follower = { filterId: f.filter_id, accountId: f.account_id };
    const g = groups.get(signature);
    if (g) g.followers.push(follower);
    else groups.set(signature, { accountId: f.account_id, signature, params, followers: [follower] });
  }
  return [...groups.values()];
}

interface TCondition {
  sql: Prisma.Sql;
  signature: string;
  followers: TGroup["followers"];
}

/** Each group's condition over `c`, or nothing when its parameters can match no card (or are no longer valid). */
async function groupConditions(db: TDb | Prisma.TransactionClient, groups: TGroup[]) {
  const out: TCondition[] = [];
  for (const g of groups) {
    const parsed = ZCardFilterParams.safeParse(g.params);
    if (!parsed.success) continue;
    try {
      const where = await buildCardWhere(db as TDb, g.accountId, { ...parsed.data, semantic: undefined });
      if (!where.empty) out.push({ sql: where.sql, signature: g.signature, followers: g.followers });
    } catch (error) {
      // A folder deleted since the filter was saved (or no longer the follower's): the card list refuses it too.
      logger.warn("followed saved filter skipped", { filters: [...new Set(g.followers.map((f) => f.filterId))], error });
    }
  }
  return out;
}

/**
 * One statement: evaluate a chunk of groups on the changed cards, record the new (signature, card)
 * pairs and notify every follower of a signature that gained cards. Answers the notifications made.
 */
async function evaluateChunk(tx: Prisma.TransactionClient, changed: number[], chunk: TCondition[], runKey: string): Promise<number> {
  const hits = Prisma.join(
    chunk.map((g, i) => Prisma.sql`SELECT ${i}::int AS g, c.id FROM changed c WHERE ${g.sql}`),
    " UNION ALL ",
  );
  const signatures = chunk.map((g) => g.signature);
  const mapFilters = chunk.flatMap((g) => g.followers.map((f) => f.filterId));
  const mapAccounts = chunk.flatMap((g) => g.followers.map((f) => f.accountId));
  const mapGroups = chunk.flatMap((g, i) => g.followers.map(() => i));
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
    per AS (
      SELECT p.g, p.n, p.named,
             (SELECT c.slug FROM card c WHERE c.id = p.named[1]) AS first_slug,
             (SELECT string_agg(c.name, ', ' ORDER BY c.id DESC) FROM card c WHERE c.id = ANY(p.named)) AS names
        FROM (SELECT sig.g, count(*)::int AS n, (array_agg(ins.card_id ORDER BY ins.card_id DESC))[1:${CARDS_NAMED}] AS named
                FROM ins JOIN sig ON sig.signature = ins.signature GROUP BY sig.g) p
    ),
    map AS (SELECT * FROM unnest(${mapFilters}::int[], ${mapAccounts}::int[], ${mapGroups}::int[]) AS m(filter_id, account_id, g))
    INSERT INTO notification (account_id, kind, subject_key, saved_filter_id, card_id, url, title, body, data)
    SELECT map.account_id, 'saved_filter', 'saved_filter:' || f.id || ':' || ${runKey}, f.id,
           CASE WHEN per.n = 1 THEN per.named[1] END,
           CASE WHEN per.n = 1 THEN '/cards/' || per.first_slug ELSE '/cards?filter_id=' || f.id END,
           left(f.name, 120) || ': ' || per.n || CASE WHEN per.n = 1 THEN ' new card' ELSE ' new cards' END,
           COALESCE(per.names, '') || CASE WHEN per.n > ${CARDS_NAMED} THEN ' and ' || (per.n - ${CARDS_NAMED}) || ' more' ELSE '' END,
           jsonb_build_object('count', per.n, 'card_ids', to_jsonb(per.named))
      FROM per JOIN map ON map.g = per.g JOIN saved_filter f ON f.id = map.filter_id
    ON CONFLICT (account_id, subject_key) DO NOTHING`;
}

export interface TAlertRun {
  /** Changed cards taken from the log. */
  changed: number;
  notifications: number;
}

export interface TAlertOptions {
  /** Changed cards per transaction. */
  batch?: number;
  /** Called inside each batch's transaction before it commits (tests: a crash mid-run). */
  beforeCommit?: () => Promise<void>;
}

async function alertBatch(db: TDb, batch: number, beforeCommit?: () => Promise<void>): Promise<TAlertRun> {
  return db.$transaction(
    async (tx) => {
      const changed = (
        await tx.$queryRaw<{ card_id: number }[]>`
          DELETE FROM vm_card_change WHERE card_id IN (
            SELECT card_id FROM vm_card_change ORDER BY card_id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
          RETURNING card_id`
      ).map((r) => r.card_id);
      if (changed.length === 0) return { changed: 0, notifications: 0 };
      const followed = await tx.$queryRaw<TFollowed[]>`
        SELECT f.id AS filter_id, a.id AS account_id, f.params
          FROM saved_filter_member_state s
          JOIN saved_filter f ON f.id = s.saved_filter_id
          JOIN account a ON a.id = s.account_id
         WHERE s.alert_since IS NOT NULL AND ${USABLE_BY_ACCOUNT}
         ORDER BY f.id, a.id`;
      const conditions = await groupConditions(tx, groupFilters(followed));
      const runKey = `${Date.now()}-${changed[0]}`;
      let notifications = 0;
      for (let i = 0; i < conditions.length; i += GROUPS_PER_STATEMENT) {
        notifications += await evaluateChunk(tx, changed, conditions.slice(i, i + GROUPS_PER_STATEMENT), runKey);
      }
      await beforeCommit?.();
      return { changed: changed.length, notifications };
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
}

/** Takes every changed card in batches and notifies the followers of the filters they newly match. */
export async function runSavedFilterAlerts(db: TDb, opts: TAlertOptions = {}): Promise<TAlertRun> {
  const batch = opts.batch ?? BATCH;
  const total: TAlertRun = { changed: 0, notifications: 0 };
  for (;;) {
    const r = await alertBatch(db, batch, opts.beforeCommit);
    total.changed += r.changed;
    total.notifications += r.notifications;
    if (r.changed < batch) return total;
  }
}
