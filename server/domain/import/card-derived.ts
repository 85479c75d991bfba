import { bucketOf, type TPart } from "./partition";
import { cardOfInteraction, decodeRefs } from "./ref-lines";
import { partName, type Spool } from "./spool";

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

/** Cards of one pass by default: the cards are written in as many passes (partitions) as this needs. */
export const AGGREGATE_CAP = 100_000;

/** Splits the interactions' references by the partition of their card (see writeCards). */
export function splitInteractionRefs(spool: Spool, parts: number): Promise<void> {
  return spool.split("ref:interaction", parts, (text) => {
    const card = cardOfInteraction(text);
    return card === undefined ? undefined : bucketOf(card) % parts;
  });
}

/** The aggregates of the cards of one partition (partition.ts). */
export async function aggregateInteractions(
  spool: Spool,
  invalid: ReadonlyMap<number, string>,
  only: TPart,
): Promise<Map<string, TCardAggregate>> {
  const out = new Map<string, TCardAggregate>();
  for await (const batch of spool.lines(partName("ref:interaction", only))) {
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
        out.set(card, { count: 1, first: d.at, last: d.at, firstSource: source });
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
