import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { keepLeases, LEASE_MS } from "../jobs/lease";
import { claim, complete, enqueue, fail, renewJobs, startLoop } from "../jobs/queue";
import { embedNextBatch, refOf, START, type TCursor } from "./backfill";
import { ALL_KINDS } from "./kinds";
import { EmbeddingProviderError, type TEmbeddingProvider } from "./provider";
import { closeEmbeddingProvider, embeddingProvider } from "./providers";
import { anyPending } from "./store";

/**
 * The embedding backfill on the durable job queue (server/domain/jobs/queue.ts), queue "embeddings",
 * one job (key "backfill") whose payload is its cursor. The server's worker drains it in time
 * slices: each slice embeds batches of rows that lack a current vector (none, another model or
 * size, or older than the row), then re-queues the job with its new cursor, so a restart loses at
 * most one slice and the API keeps serving (the local model runs in its own thread).
 *
 * Who queues it: `queueEmbeddingBackfill(db)` at the end of an import (demo seeding included) and
 * at every server start (which also covers a changed model: every row of the old one is pending).
 */

export const EMBEDDINGS_QUEUE = "embeddings";
const BACKFILL_KEY = "backfill";
/** Rows per provider call. */
const BATCH = 32;
/** One slice of work before the cursor is saved. */
const SLICE_MS = 5_000;
const IDLE_MS = 5_000;

interface TBackfillPayload {
  cursor?: TCursor;
  /** the model the cursor belongs to */
  model?: string;
}

/**
 * Asks the server's worker to embed every row that lacks a current vector. Idempotent (one queued
 * job at most); call it after writing cards or participants (the import does, at its end).
 */
export async function queueEmbeddingBackfill(db: TDb): Promise<void> {
  await enqueue(db, EMBEDDINGS_QUEUE, {} satisfies TBackfillPayload, { key: BACKFILL_KEY });
}

function providerOrNull(): TEmbeddingProvider | null {
  try {
    return embeddingProvider();
  } catch (error) {
    logger.error("embedding provider misconfigured; embeddings are not computed", { error });
    return null;
  }
}

const retryDelay = (attempts: number) => Math.min(300_000, 15_000 * 2 ** Math.max(0, attempts - 1));

/** One slice of the backfill; returns the number of rows embedded (0: nothing to do now). */
export async function backfillTick(db: TDb, opts: { sliceMs?: number; batch?: number } = {}): Promise<number> {
  const provider = providerOrNull();
  if (!provider) return 0;
  const [job] = await claim<TBackfillPayload>(db, EMBEDDINGS_QUEUE, 1, LEASE_MS);
  if (!job) return 0;
  const ref = refOf(provider);
  let cursor: TCursor | null = job.payload?.cursor && job.payload.model === ref.model ? job.payload.cursor : START;
  const deadline = Date.now() + (opts.sliceMs ?? SLICE_MS);
  let embedded = 0;
  const stopRenewing = keepLeases(EMBEDDINGS_QUEUE, (until) => renewJobs(db, [job], until));
  try {
    // At least one batch per slice, then more while the slice lasts.
    do {
      const step: { cursor: TCursor | null; embedded: number } = await embedNextBatch(db, provider, cursor, {
        batch: opts.batch ?? BATCH,
        selection: "pending",
      });
      cursor = step.cursor;
      embedded += step.embedded;
    } while (cursor && Date.now() < deadline);
  } catch (error) {
    const reason = error instanceof EmbeddingProviderError ? error.message : String(error);
    if (!(error instanceof EmbeddingProviderError)) logger.error("embedding backfill failed", { error });
    else logger.warn("embedding backfill paused: the provider failed", { provider: provider.id, reason });
    await stopRenewing();
    await fail(db, job.id, reason, retryDelay(job.attempts));
    return 0;
  }
  await stopRenewing();
  await complete(db, [job.id]);
  if (cursor) {
    await enqueue(db, EMBEDDINGS_QUEUE, { cursor, model: ref.model } satisfies TBackfillPayload, { key: BACKFILL_KEY });
  } else {
    // Rows written while this job ran (their writer's enqueue found it running) start a new pass.
    for (const kind of ALL_KINDS) {
      if (await anyPending(db, kind, ref)) {
        await queueEmbeddingBackfill(db);
        break;
      }
    }
    if (embedded > 0) logger.info("embeddings are up to date", { model: ref.model });
  }
  return embedded > 0 ? embedded : cursor ? 1 : 0;
}

/** The server process's embedding worker (registered in server/workers.ts). */
export function startEmbeddingsWorker(db: TDb): () => Promise<void> {
  if (providerOrNull()) {
    queueEmbeddingBackfill(db).catch((error: unknown) => logger.error("could not queue the embedding backfill", { error }));
  }
  const stop = startLoop("embeddings", IDLE_MS, () => backfillTick(db));
  return async () => {
    await stop();
    await closeEmbeddingProvider();
  };
}
