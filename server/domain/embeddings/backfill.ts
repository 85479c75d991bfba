import type { TDb } from "~/server/db/client";
import { ALL_KINDS, embeddingText, type TEmbeddingKind } from "./kinds";
import { modelKey, type TEmbeddingProvider } from "./provider";
import { countRows, nextRows, writeVectors, type TModelRef, type TSelection } from "./store";

/**
 * Computing stored vectors in batches, walking each kind in id order from a cursor, so that a run
 * can stop anywhere (a worker's time slice, an interrupted command) and resume where it was.
 * Shared by the server's worker (jobs.ts) and `vmon embeddings rebuild`.
 */

export interface TCursor {
  kind: TEmbeddingKind;
  /** last id done in that kind */
  afterId: number;
}

export const START: TCursor = { kind: "card", afterId: 0 };

export function refOf(provider: TEmbeddingProvider): TModelRef {
  return { model: modelKey(provider), dimensions: provider.dimensions };
}

/** The cursor after `cursor`'s kind is finished, or null after the last kind. */
function nextKind(cursor: TCursor): TCursor | null {
  const next = ALL_KINDS[ALL_KINDS.indexOf(cursor.kind) + 1];
  return next ? { kind: next, afterId: 0 } : null;
}

/**
 * Embeds the next batch from `cursor`; returns the cursor to continue from (null when every kind is
 * done) and how many rows were embedded.
 */
export async function embedNextBatch(
  db: TDb,
  provider: TEmbeddingProvider,
  cursor: TCursor,
  opts: { batch: number; selection: TSelection },
): Promise<{ cursor: TCursor | null; embedded: number }> {
  const ref = refOf(provider);
  let at: TCursor | null = cursor;
  while (at) {
    const rows = await nextRows(db, at.kind, ref, { afterId: at.afterId, limit: opts.batch, selection: opts.selection });
    if (rows.length === 0) {
      at = nextKind(at);
      continue;
    }
    const vectors = await provider.embed(rows.map((r) => embeddingText(r.name, r.body)));
    await writeVectors(
      db,
      at.kind,
      ref.model,
      rows.map((r, i) => ({ id: r.id, vector: vectors[i]! })),
    );
    return { cursor: { kind: at.kind, afterId: rows[rows.length - 1]!.id }, embedded: rows.length };
  }
  return { cursor: null, embedded: 0 };
}

/** Rows left to visit from `cursor` on (for a progress bar). */
export async function remainingFrom(db: TDb, provider: TEmbeddingProvider, cursor: TCursor, selection: TSelection): Promise<number> {
  const ref = refOf(provider);
  let n = 0;
  for (const kind of ALL_KINDS.slice(ALL_KINDS.indexOf(cursor.kind))) {
    n += await countRows(db, kind, ref, { afterId: kind === cursor.kind ? cursor.afterId : 0, selection });
  }
  return n;
}
