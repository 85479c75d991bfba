import { CARDS_PER_SCALE, cardRecords } from "./cards";
import { NETWORK_B_PER_SCALE, networkBRecord } from "./network-b";
import { PARTICIPANTS_PER_SCALE, participantRecord } from "./participants";
import { duplicateKind, duplicateRecord, PROFILES_PER_SCALE, profileRecord } from "./profiles";
import { referenceRecords } from "./reference";

/**
 * The deterministic demo dataset as JSON Lines (docs/import-format.md). The same (scale, UTC day of `now`)
 * gives the same lines. `scale` multiplies cards, participants, interactions, profiles and
 * network_b profiles; reference data and collections stay fixed. Every entity is generated from
 * its index alone, so the stream runs in constant memory.
 */

export interface TDemoOptions {
  scale: number;
  now?: Date;
}

const DAY = 86_400_000;

interface TDemoSizes {
  participants: number;
  cards: number;
  profiles: number;
  networkB: number;
}

function demoSizes(scale: number): TDemoSizes {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`scale must be a positive integer, got ${scale}`);
  return {
    participants: PARTICIPANTS_PER_SCALE * scale,
    cards: CARDS_PER_SCALE * scale,
    profiles: PROFILES_PER_SCALE * scale,
    networkB: NETWORK_B_PER_SCALE * scale,
  };
}

/** The demo records, in file order. */
export function* demoRecords(opts: TDemoOptions): Generator<Record<string, unknown>> {
  const sizes = demoSizes(opts.scale);
  const nowDay = Math.floor((opts.now ?? new Date()).getTime() / DAY) * DAY;
  yield* referenceRecords();
  for (let i = 0; i < sizes.profiles; i++) {
    const profile = profileRecord(i, nowDay);
    yield profile;
    const dup = duplicateKind(i);
    if (dup) yield duplicateRecord(profile, i, dup);
  }
  for (let i = 0; i < sizes.participants; i++) yield participantRecord(i);
  for (let i = 0; i < sizes.cards; i++) yield* cardRecords(i, nowDay, sizes.participants, sizes.profiles);
  for (let i = 0; i < sizes.networkB; i++) yield networkBRecord(i, sizes.networkB, nowDay);
}

/** The demo dataset as JSON Lines (no trailing newlines). */
export async function* demoLines(opts: TDemoOptions): AsyncIterable<string> {
  for (const rec of demoRecords(opts)) yield JSON.stringify(rec);
}
