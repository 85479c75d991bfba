import type { TDb } from "~/server/db/client";
import { LEASE_MS } from "../jobs/lease";
import { claim, complete, enqueue } from "../jobs/queue";
import { embedNextBatch, refOf, remainingFrom, START, type TCursor } from "./backfill";
import type { TEmbeddingProvider } from "./provider";
import type { TSelection } from "./store";

/**
 * `vmon embeddings rebuild [--only-missing]`: recomputes every vector (or only the missing and
 * outdated ones) with the current provider. Its cursor is saved in the job table (queue
 * "embeddings-rebuild", which no worker takes) after every batch, so running the command again
 * after an interruption resumes where it stopped. The server keeps serving meanwhile.
 */

const STATE_QUEUE = "embeddings-rebuild";
const STATE_KEY = "rebuild";

interface TRebuildState {
  cursor: TCursor;
  model: string;
  selection: TSelection;
  startedAt: string;
  embedded: number;
}

export interface TRebuildProgress {
  done: number;
  total: number;
}

export interface TRebuildReport {
  model: string;
  selection: TSelection;
  embedded: number;
  /** an interrupted run of the same rebuild was resumed */
  resumed: boolean;
  startedAt: string;
}

async function savedState(db: TDb): Promise<TRebuildState | undefined> {
  const rows = await db.$queryRaw<{ payload: TRebuildState }[]>`
    SELECT payload FROM job WHERE queue = ${STATE_QUEUE} AND key = ${STATE_KEY}`;
  return rows[0]?.payload;
}

const save = (db: TDb, state: TRebuildState) => enqueue(db, STATE_QUEUE, state, { key: STATE_KEY });

async function clear(db: TDb) {
  const jobs = await claim(db, STATE_QUEUE, 10, LEASE_MS); // completed at once: nothing to renew
  await complete(
    db,
    jobs.map((j) => j.id),
  );
}

export async function rebuildEmbeddings(
  db: TDb,
  provider: TEmbeddingProvider,
  opts: { onlyMissing: boolean; batch?: number; onProgress?: (p: TRebuildProgress) => void },
): Promise<TRebuildReport> {
  const ref = refOf(provider);
  const selection: TSelection = opts.onlyMissing ? "pending" : "all";
  const previous = await savedState(db);
  const resumed = previous !== undefined && previous.model === ref.model && previous.selection === selection;
  const state: TRebuildState = resumed
    ? previous
    : { cursor: START, model: ref.model, selection, startedAt: new Date().toISOString(), embedded: 0 };
  await save(db, state);

  let embeddedNow = 0;
  const total = state.embedded + (await remainingFrom(db, provider, state.cursor, selection));
  opts.onProgress?.({ done: state.embedded, total });
  let cursor: TCursor | null = state.cursor;
  while (cursor) {
    const step: { cursor: TCursor | null; embedded: number } = await embedNextBatch(db, provider, cursor, {
      batch: opts.batch ?? 64,
      selection,
    });
    cursor = step.cursor;
    embeddedNow += step.embedded;
    state.embedded += step.embedded;
    if (cursor) {
      state.cursor = cursor;
      await save(db, state);
    }
    opts.onProgress?.({ done: state.embedded, total: Math.max(total, state.embedded) });
  }
  await clear(db);
  return { model: ref.model, selection, embedded: resumed ? state.embedded : embeddedNow, resumed, startedAt: state.startedAt };
}
