import { decodeRefs, REFERRING, type TDecodedRefs } from "./ref-lines";
import { inPart, partsFor, type TPart } from "./partition";
import { labelOf, type Registry } from "./registry";
import type { Spool } from "./spool";
import type { TKind, TRefKind } from "./types";

/**
 * Second validation step: every reference must resolve, to a valid line of the file or to a row
 * of the database. Kinds are checked in dependency order, so a line that refers only to an invalid
 * line is itself invalid. The keys a kind refers to are loaded in partitions (partition.ts), one
 * pass over its references per partition, so memory stays bounded. Self-references (category and
 * location parents, participant associated_with) are resolved on a key -> parent map of that kind.
 */

/** Kinds in the order their references are checked (referenced kinds first). */
const CHECK_ORDER: TKind[] = ["category", "location", "participant", "card", "interaction"];

export async function checkReferences(registry: Registry, spool: Spool, onBatch: () => void): Promise<void> {
  for (const kind of CHECK_ORDER) {
    const { targets, self } = REFERRING[kind]!;
    const lines = spool.count(`ref:${kind}`);
    const parts = partsFor(
      targets.reduce((n, k) => n + registry.keyCount(k), 0),
      registry.cap,
    );
    for (let part = 0; lines > 0 && targets.length > 0 && part < parts; part++) {
      await registry.load(targets, { part, parts });
      for await (const batch of spool.lines(`ref:${kind}`)) {
        await checkBatch(registry, kind, batch.map(decodeRefs), { part, parts });
        onBatch();
      }
    }
    registry.unload();
    if (self) await resolveSelf(registry, spool, kind as TRefKind, kind === "participant");
  }
}

async function checkBatch(registry: Registry, kind: TKind, batch: TDecodedRefs[], only: TPart): Promise<void> {
  const mine = ([, key]: [TRefKind, string]) => inPart(key, only);
  const need = new Map<TRefKind, Set<string>>();
  for (const { line, refs } of batch) {
    if (registry.invalid.has(line)) continue;
    for (const ref of refs) {
      const [k, key] = ref;
      if (!mine(ref) || registry.definedInFile(k, key)) continue;
      let set = need.get(k);
      if (!set) need.set(k, (set = new Set()));
      set.add(key);
    }
  }
  if (need.size) await registry.lookupAll(need);
  for (const { line, refs } of batch) {
    if (registry.invalid.has(line)) continue;
    const bad = refs.find((ref) => mine(ref) && !registry.has(ref[0], ref[1]));
    if (bad) registry.reject(line, registry.missingReason(bad[0], bad[1]));
  }
}

/** Key -> parent of the lines of a self-referring kind that are still valid. */
async function parentsOf(registry: Registry, spool: Spool, kind: TRefKind): Promise<Map<string, { parent: string | null; line: number }>> {
  const entries = new Map<string, { parent: string | null; line: number }>();
  for await (const batch of spool.lines(`ref:${kind}`)) {
    for (const d of batch.map(decodeRefs))
      if (d.key !== null && !registry.invalid.has(d.line)) entries.set(d.key, { parent: d.parent, line: d.line });
  }
  return entries;
}

/**
 * A record is valid when its parent chain ends in null, in a key of the database, or (allowed for
 * participants only) loops back onto itself.
 */
async function resolveSelf(registry: Registry, spool: Spool, kind: TRefKind, allowCycles: boolean): Promise<void> {
  const entries = await parentsOf(registry, spool, kind);
  const outside = new Set<string>();
  for (const { parent } of entries.values()) if (parent !== null && !entries.has(parent)) outside.add(parent);
  await registry.load([kind], { only: outside });
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
      registry.reject(entries.get(key)!.line, why);
    }
  }
}
