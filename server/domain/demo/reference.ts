import { FINTECH_COMPANIES } from "./vocab-people";
import { EUROPEAN_COUNTRIES, locationRecords } from "./vocab-places";
import { PARTICIPANT_TYPES, ROUNDS, SECTORS, SOURCE_TYPES, STAGES } from "./vocab-sectors";

/** The fixed part of the demo dataset: reference data and collections (the same at every scale). */

export function* referenceRecords(): Generator<Record<string, unknown>> {
  for (const [i, [slug, name]] of STAGES.entries()) yield { kind: "stage", slug, name, position: i + 1 };
  for (const [i, [slug, name]] of ROUNDS.entries()) yield { kind: "round", slug, name, position: i + 1 };
  for (const [slug, name, group] of SOURCE_TYPES) yield { kind: "source_type", slug, name, group };
  for (const [slug, name] of PARTICIPANT_TYPES) yield { kind: "participant_type", slug, name };
  for (const s of SECTORS) {
    yield { kind: "category", slug: s.slug, name: s.name, parent: null };
    for (const [slug, name] of s.children) yield { kind: "category", slug, name, parent: s.slug };
  }
  yield* locationRecords();
  yield* collectionRecords();
}

function* collectionRecords(): Generator<Record<string, unknown>> {
  yield {
    kind: "collection",
    slug: "european_founders",
    name: "European founders",
    description: "Founders and C-level operators located in Europe",
    visibility: "shared",
    active: true,
    criteria: { countries: [...EUROPEAN_COUNTRIES], classification: ["strong_potential_founder", "potential_founder"] },
  };
  yield {
    kind: "collection",
    slug: "fintech_operators_private",
    name: "Fintech operators (private)",
    description: "Operators with a background at fintech companies, built for one client",
    visibility: "private",
    active: true,
    criteria: { tags: [...FINTECH_COMPANIES], classification: ["strong_potential_founder", "potential_founder"] },
  };
}
