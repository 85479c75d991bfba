import { decodeRefs } from "./refs";
import type { Spool } from "./spool";

/**
 * The derived fields of the cards of a file, from the valid interactions of the same file, so that
 * a card inserted by the import gets them at once: updating them afterwards would write every
 * index of the card row a second time. Only used on insert; recomputeCardDerived stays the
 * authority (it corrects any card whose interactions are not all in the file).
 */

export interface TCardAggregate {
  count: number;
  first: string;
  last: string;
  /** source type slug of the earliest interaction */
  firstSource: string | null;
}

/** Past this many cards the rest are left to the recomputation (bounded memory). */
const MAX_CARDS = 1_000_000;

export async function aggregateInteractions(spool: Spool, invalid: ReadonlyMap<number, string>): Promise<Map<string, TCardAggregate>> {
  const out = new Map<string, TCardAggregate>();
  for await (const batch of spool.lines("ref:interaction")) {
    for (const text of batch) {
      const d = decodeRefs(text);
      if (invalid.has(d.line) || d.at === null) continue;
      let card: string | undefined;
      let source: string | null = null;
      for (const [kind, key] of d.refs) {
        if (kind === "card") card = key;
        else if (kind === "source_type") source = key;
      }
      if (card === undefined) continue;
      const a = out.get(card);
      if (!a) {
        if (out.size < MAX_CARDS) out.set(card, { count: 1, first: d.at, last: d.at, firstSource: source });
        continue;
      }
      a.count += 1;
      // canonical timestamps (same length, UTC) compare as strings
      if (d.at < a.first) {
        a.first = d.at;
        a.firstSource = source;
      }
      if (d.at > a.last) a.last = d.at;
    }
  }
  return out;
}
