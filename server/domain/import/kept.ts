import { plural } from "~/server/lib/plural";
import type { TUnitProgress } from "./write-units";

/** The words for each kind in the report of an interrupted import. */
const NAMES: Record<string, [string, string]> = {
  stage: ["stage", "stages"],
  round: ["round", "rounds"],
  source_type: ["source type", "source types"],
  participant_type: ["participant type", "participant types"],
  category: ["category", "categories"],
  location: ["location", "locations"],
  profile: ["profile", "profiles"],
  participant: ["participant", "participants"],
  card: ["card", "cards"],
  interaction: ["interaction", "interactions"],
  collection: ["collection", "collections"],
  network_b_profile: ["network_b profile", "network_b profiles"],
};

function count(kind: string, n: number): string {
  const [one, other] = NAMES[kind] ?? [kind, kind];
  return plural(n, one, other);
}

/**
 * What an interrupted import kept, in words: "nothing of the file was written" for a file written
 * in one transaction, else the records committed per kind and the units of cards committed
 * (write-units.ts). A transaction whose commit had begun when the connection was lost may have
 * committed: the text says so.
 */
export function describeKept({
  whole,
  committed,
  units,
}: {
  whole: boolean;
  committed: Record<string, number>;
  units: TUnitProgress;
}): string {
  if (whole) {
    return units.committing > 0
      ? "the file was imported whole or not at all (the connection was lost as it committed); importing it again is safe"
      : "nothing of the file was written (a file this size is one transaction)";
  }
  const kinds = Object.entries(committed).filter(([kind, n]) => n > 0 && kind !== "card" && kind !== "interaction");
  if (kinds.length === 0 && units.committed === 0 && units.committing === 0) return "nothing of the file was written";
  const parts = kinds.map(([kind, n]) => count(kind, n));
  if (units.total > 0) {
    const cards = `${count("card", committed.card ?? 0)} and ${count("interaction", committed.interaction ?? 0)}`;
    parts.push(`${units.committed} of ${units.total} unit(s) of cards with their interactions (${cards})`);
  }
  const maybe = units.committing > 0 ? `, and perhaps the ${units.committing === 1 ? "unit" : "units"} it was committing` : "";
  return `it committed ${parts.join(", ")}${maybe}, each unit whole; importing the same file again completes it`;
}
