import type { TDb } from "~/server/db/client";
import { normalizeRecord, recordKey, type TRec } from "./schemas";
import { hash32, type TPart } from "./partition";
import { partName, type Spool } from "./spool";
import type { TKind } from "./types";

export type { TRec } from "./schemas";

/** State shared by the writers of one import. */

/** A set of ids that gives up (and means "all") past a size, to keep memory bounded. */
export class TouchSet {
  private ids = new Set<number>();
  all = false;

  constructor(private readonly cap = 200_000) {}

  add(id: number | null | undefined): void {
    if (this.all || id === null || id === undefined) return;
    this.ids.add(Number(id));
    if (this.ids.size > this.cap) {
      this.all = true;
      this.ids = new Set();
    }
  }

  /** undefined = every row */
  list(): number[] | undefined {
    return this.all ? undefined : [...this.ids];
  }
}

export interface TWriteCtx {
  db: TDb;
  spool: Spool;
  invalid: ReadonlyMap<number, string>;
  /** database time when writing started: rows created before it existed before this import */
  startedAt: Date;
  touchedCards: TouchSet;
  touchedParticipants: TouchSet;
  /** profile id -> id of the record it was collapsed into */
  profileRedirect: Map<number, number>;
  /** the file has interactions with explicit ids (written in one lane: see writeBatches) */
  interactionIds: boolean;
  /** cards written per pass (each pass holds the interaction aggregates of its cards) */
  aggregateCap: number;
  /** concurrent batches per kind: LANES on a server, 1 on the embedded database (one session) */
  lanes: number;
  /** records applied per kind, committed or not (the report and progress) */
  written: Record<string, number>;
  /** records per kind whose transaction has committed */
  committed: Record<string, number>;
  /**
   * Set while the writers run inside one transaction (a unit of cards and their interactions, or
   * a whole small file: write-units.ts): `db` is that transaction, batches run in it as they
   * come, and what they write counts as committed once it commits.
   */
  unit?: { written: Record<string, number> };
  progress(n: number): void;
  /** after each batch, with the rows of the kind written so far (statistics.ts) */
  grown(kind: TKind, written: number): Promise<void>;
}

const BATCH = 1000;
/** Batches of one kind written at once, on separate connections: the database gets both cores. */
export const LANES = 2;

type TTx = Omit<TDb, "$transaction" | "$connect" | "$disconnect" | "$on" | "$extends">;

export const BATCH_SETTINGS_SQL = "SELECT set_config('synchronous_commit', 'off', true), set_config('plan_cache_mode', 'auto', true)";

/**
 * A batch's transaction: generous limits (a big batch on a busy machine takes a while), no wait
 * for the WAL flush at commit (one fsync per batch would dominate small batches), and the server's
 * own plan caching back (`plan_cache_mode = auto`). A crash cannot corrupt anything, only lose the
 * last batches, and importJsonl makes everything durable before it returns (see `makeDurable`).
 *
 * The service's connections force custom plans (server/db/client.ts), which PostgreSQL applies to
 * its own cached statements too: the foreign-key checks, run for each inserted row, would be
 * planned again for every row, a large share of a write lane's time on big tables
 * (docs/benchmarks.md, bench:import).
 */
export function inTransaction<T>(ctx: TWriteCtx, fn: (tx: TTx) => Promise<T>): Promise<T> {
  if (ctx.unit) return fn(ctx.db); // the unit's transaction, its settings made at its start
  return ctx.db.$transaction(
    async (tx) => {
      await tx.$queryRawUnsafe(BATCH_SETTINGS_SQL);
      return fn(tx);
    },
    { maxWait: 120_000, timeout: 600_000 },
  );
}

/** One statement of a batch (its rows as the JSON parameter), in its own transaction. */
export function runBatch<T = unknown>(ctx: TWriteCtx, sql: string, ...params: unknown[]): Promise<T[]> {
  return inTransaction(ctx, (tx) => tx.$queryRawUnsafe<T[]>(sql, ...params));
}

/** Waits for the WAL flush of everything committed so far (a transaction that takes an xid commits synchronously). */
export async function makeDurable(db: TDb): Promise<void> {
  await db.$queryRawUnsafe("SELECT txid_current()::text AS xid");
}

export const s = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function batchKey(kind: TKind, rec: TRec): string {
  if (kind === "interaction" && rec.id === null)
    return `${String(rec.card)}\u0000${String(rec.participant)}\u0000${String(rec.created_at)}`;
  return recordKey(kind, rec) ?? "";
}

/** Records that must stay in order relative to each other go to the same lane. */
function laneKey(kind: TKind, rec: TRec, key: string): string {
  return kind === "interaction" ? String(rec.card) : key;
}

/** The lane of a key: independent of its partition (the high bits of the hash, the partition takes the low ones). */
export function laneOf(key: string, lanes: number): number {
  return lanes === 1 ? 0 : Math.floor(hash32(key) / 2 ** 22) % lanes;
}

/** Splits the records of a kind by the bucket of their key (`<line>\t<bucket>\t<json>`), so that a pass over one partition reads that partition only. */
export function splitRecords(spool: Spool, kind: TKind, parts: number): Promise<void> {
  return spool.split(`rec:${kind}`, parts, (text) => {
    const tab = text.indexOf("\t");
    return Number(text.slice(tab + 1, text.indexOf("\t", tab + 1))) % parts;
  });
}

/** The valid records of a kind (of one partition, split off first), normalised, in spool order. */
async function* validRecords(ctx: TWriteCtx, kind: TKind, only?: TPart): AsyncGenerator<TRec[]> {
  for await (const lines of ctx.spool.lines(only ? partName(`rec:${kind}`, only) : `rec:${kind}`)) {
    const out: TRec[] = [];
    for (const text of lines) {
      // <line>\t<bucket>\t<json>
      const tab = text.indexOf("\t");
      const tab2 = text.indexOf("\t", tab + 1);
      if (ctx.invalid.has(Number(text.slice(0, tab)))) continue;
      out.push(normalizeRecord(kind, JSON.parse(text.slice(tab2 + 1)) as TRec));
    }
    yield out;
  }
}

/**
 * The valid records of a kind in batches (one lane). Within a batch a key appears once, the last
 * line winning as it does across batches: one statement cannot upsert a row twice.
 */
export async function* validBatches(ctx: TWriteCtx, kind: TKind, size = BATCH): AsyncGenerator<TRec[]> {
  let batch = new Map<string, TRec>();
  for await (const recs of validRecords(ctx, kind)) {
    for (const rec of recs) {
      const key = batchKey(kind, rec);
      batch.delete(key);
      batch.set(key, rec);
      if (batch.size >= size) {
        yield [...batch.values()];
        batch = new Map();
      }
    }
  }
  if (batch.size) yield [...batch.values()];
}

/**
 * Runs `write` for every batch of a kind, in `lanes` concurrent lanes (records of one key always
 * in the same lane, so their order holds), and counts what was applied.
 */
export async function writeBatches(
  ctx: TWriteCtx,
  kind: TKind,
  write: (batch: TRec[]) => Promise<void>,
  opts: { size?: number; lanes?: number; only?: TPart } = {},
): Promise<void> {
  const size = opts.size ?? BATCH;
  const lanes = Math.min(opts.lanes ?? ctx.lanes, ctx.lanes);
  const pending: Map<string, TRec>[] = Array.from({ length: lanes }, () => new Map());
  const busy: Promise<void>[] = Array.from({ length: lanes }, () => Promise.resolve());
  let failure: unknown;
  const run = (lane: number, batch: TRec[]) => {
    busy[lane] = busy[lane]!.then(async () => {
      if (failure !== undefined) return;
      try {
        await write(batch);
        ctx.written[kind] = (ctx.written[kind] ?? 0) + batch.length;
        const done = ctx.unit?.written ?? ctx.committed;
        done[kind] = (done[kind] ?? 0) + batch.length;
        ctx.progress(batch.length);
        // Within a unit, statistics wait for its commit (write-units.ts): another connection's
        // ANALYZE would not see its rows, and on the embedded database it would wait for the unit.
        if (!ctx.unit) await ctx.grown(kind, ctx.written[kind]);
      } catch (err) {
        failure ??= err;
      }
    });
  };
  for await (const recs of validRecords(ctx, kind, opts.only)) {
    for (const rec of recs) {
      const key = batchKey(kind, rec);
      const lane = laneOf(laneKey(kind, rec, key), lanes);
      const m = pending[lane]!;
      m.delete(key);
      m.set(key, rec);
      if (m.size >= size) {
        await busy[lane]; // backpressure: at most one batch queued per lane
        if (failure !== undefined) throw failure;
        run(lane, [...m.values()]);
        pending[lane] = new Map();
      }
    }
  }
  pending.forEach((m, lane) => m.size && run(lane, [...m.values()]));
  await Promise.all(busy);
  if (failure !== undefined) throw failure;
}
