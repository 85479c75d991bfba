import type { TDb } from "../../db/client";
import { recordKey } from "./schemas";
import type { Spool } from "./spool";
import type { TKind } from "./types";

/** State shared by the writers of one import. */

export type TRec = Record<string, unknown>;

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

  get size(): number {
    return this.all ? Infinity : this.ids.size;
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
  written: Record<string, number>;
  progress(n: number): void;
}

export const BATCH = 1000;

function batchKey(kind: TKind, rec: TRec): string {
  if (kind === "interaction" && rec.id === null) return `${String(rec.card)}\u0000${String(rec.participant)}\u0000${String(rec.created_at)}`;
  return recordKey(kind, rec) ?? "";
}

/**
 * The valid records of a kind, in batches; within a batch a key appears once (the last line wins,
 * as it would across batches), since one statement cannot upsert a row twice.
 */
export async function* validBatches(ctx: TWriteCtx, kind: TKind, size = BATCH): AsyncGenerator<TRec[]> {
  let batch = new Map<string, TRec>();
  for await (const { line, rec } of ctx.spool.read(kind)) {
    if (ctx.invalid.has(line)) continue;
    const key = batchKey(kind, rec);
    batch.delete(key);
    batch.set(key, rec);
    if (batch.size >= size) {
      yield [...batch.values()];
      batch = new Map();
    }
  }
  if (batch.size) yield [...batch.values()];
}

/** Runs `write` for every batch of a kind and counts what was applied. */
export async function writeBatches(ctx: TWriteCtx, kind: TKind, write: (batch: TRec[]) => Promise<void>, size = BATCH): Promise<void> {
  for await (const batch of validBatches(ctx, kind, size)) {
    await write(batch);
    ctx.written[kind] = (ctx.written[kind] ?? 0) + batch.length;
    ctx.progress(batch.length);
  }
}

export const s = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
