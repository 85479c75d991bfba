import { labelOf, type Registry } from "./registry";
import { recordKey } from "./schemas";
import type { Spool, TSpooled } from "./spool";
import type { TKind, TRefKind } from "./types";

/**
 * Second validation step: every reference must resolve, to a valid line of the file or to a row
 * of the database. Kinds are checked in dependency order, so a line that refers only to an invalid
 * line is itself invalid. Self-references (category and location parents, participant
 * associated_with) are resolved on an in-memory key -> parent map.
 */

type TRefs = (rec: Record<string, unknown>) => [TRefKind, string][];

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function refs(...pairs: [TRefKind, unknown][]): [TRefKind, string][] {
  const out: [TRefKind, string][] = [];
  for (const [kind, v] of pairs) {
    const s = str(v);
    if (s !== null) out.push([kind, s]);
  }
  return out;
}

/** References to other kinds (self-references are handled by `resolveSelf`). */
const EXTERNAL_REFS: Partial<Record<TKind, TRefs>> = {
  participant: (r) => refs(["participant_type", r.type]),
  card: (r) => [
    ...refs(["stage", r.stage], ["round", r.round], ["location", r.location], ["profile", r.network_a_profile]),
    ...(r.categories as string[]).map((c): [TRefKind, string] => ["category", c]),
  ],
  interaction: (r) =>
    refs(["card", r.card], ["participant", r.participant], ["participant", r.associated_participant], ["source_type", r.source_type]),
};

const SELF_REF: Partial<Record<TKind, { field: string; allowCycles: boolean }>> = {
  category: { field: "parent", allowCycles: false },
  location: { field: "parent", allowCycles: false },
  participant: { field: "associated_with", allowCycles: true },
};

const CHUNK = 5000;

/** Kinds in the order their references are checked (referenced kinds first). */
const CHECK_ORDER: TKind[] = ["category", "location", "participant", "card", "interaction"];

export async function checkReferences(registry: Registry, spool: Spool, onChunk: (n: number) => void): Promise<void> {
  for (const kind of CHECK_ORDER) {
    const external = EXTERNAL_REFS[kind];
    const self = SELF_REF[kind];
    const parents = new Map<string, { parent: string | null; line: number }>();
    for await (const chunk of spool.chunks(kind, CHUNK)) {
      if (external) await checkChunk(registry, kind, chunk, external);
      if (self) {
        for (const { line, rec } of chunk) {
          if (!registry.invalid.has(line)) parents.set(String(rec.slug), { parent: str(rec[self.field]), line });
        }
      }
      onChunk(chunk.length);
    }
    if (self) await resolveSelf(registry, kind as TRefKind, parents, self.allowCycles);
  }
}

async function checkChunk(registry: Registry, kind: TKind, chunk: TSpooled[], refsOf: TRefs): Promise<void> {
  const need = new Map<TRefKind, Set<string>>();
  const perRecord = chunk.map(({ rec }) => refsOf(rec));
  for (const list of perRecord) {
    for (const [k, key] of list) {
      if (registry.definedInFile(k, key)) continue;
      let set = need.get(k);
      if (!set) need.set(k, (set = new Set()));
      set.add(key);
    }
  }
  await registry.lookupAll(need);
  chunk.forEach(({ line, rec }, i) => {
    if (registry.invalid.has(line)) return;
    const bad = perRecord[i]!.find(([k, key]) => !registry.has(k, key));
    if (bad) registry.reject(line, registry.missingReason(bad[0], bad[1]), kind, recordKey(kind, rec), true);
  });
}

/**
 * A record is valid when its parent chain ends in null, in a key of the database, or (allowed for
 * participants only) loops back onto itself.
 */
async function resolveSelf(
  registry: Registry,
  kind: TRefKind,
  entries: Map<string, { parent: string | null; line: number }>,
  allowCycles: boolean,
): Promise<void> {
  const outside = new Set<string>();
  for (const { parent } of entries.values()) if (parent !== null && !entries.has(parent)) outside.add(parent);
  await registry.lookup(kind, outside);

  const label = labelOf(kind);
  const verdicts = new Map<string, boolean>();
  for (const start of entries.keys()) {
    if (verdicts.has(start)) continue;
    const path: string[] = [];
    const onPath = new Set<string>();
    let cur = start;
    let ok: boolean;
    let reason = "";
    for (;;) {
      path.push(cur);
      onPath.add(cur);
      const parent = entries.get(cur)!.parent;
      if (parent === null) {
        ok = true;
        break;
      }
      const known = verdicts.get(parent);
      if (known !== undefined) {
        ok = known;
        reason = `${label} '${parent}' is invalid (line ${entries.get(parent)!.line})`;
        break;
      }
      if (onPath.has(parent)) {
        ok = allowCycles;
        reason = `${label} '${parent}' is its own ancestor`;
        break;
      }
      if (!entries.has(parent)) {
        ok = registry.has(kind, parent);
        reason = registry.missingReason(kind, parent);
        break;
      }
      cur = parent;
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const key = path[i]!;
      verdicts.set(key, ok);
      if (ok) continue;
      const why = i === path.length - 1 ? reason : `${label} '${path[i + 1]}' is invalid (line ${entries.get(path[i + 1]!)!.line})`;
      registry.reject(entries.get(key)!.line, why, kind, key, true);
    }
  }
}
