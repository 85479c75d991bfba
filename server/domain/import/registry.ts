import type { TDb } from "../../db/client";
import type { TKind, TRefKind } from "./types";

/**
 * What the validation knows about keys: which keys the file defines (by valid lines), which the
 * database holds (looked up in batches, only for keys the file does not define), and which lines
 * are invalid. Memory: one entry per key of a referable kind, plus the invalid lines.
 */

const LABELS: Record<TRefKind, string> = {
  stage: "stage",
  round: "round",
  source_type: "source type",
  participant_type: "participant type",
  category: "category",
  location: "location",
  profile: "profile",
  participant: "participant",
  card: "card",
};

const LOOKUP_SQL: Record<TRefKind, string> = {
  stage: `SELECT slug AS k FROM stage WHERE slug = ANY($1::text[])`,
  round: `SELECT slug AS k FROM round WHERE slug = ANY($1::text[])`,
  source_type: `SELECT slug AS k FROM source_type WHERE slug = ANY($1::text[])`,
  participant_type: `SELECT slug AS k FROM participant_type WHERE slug = ANY($1::text[])`,
  category: `SELECT slug AS k FROM category WHERE slug = ANY($1::text[])`,
  location: `SELECT slug AS k FROM location WHERE slug = ANY($1::text[])`,
  profile: `SELECT id::text AS k FROM profile WHERE id = ANY($1::int[])`,
  participant: `SELECT slug AS k FROM participant WHERE slug = ANY($1::text[])`,
  card: `SELECT slug AS k FROM card WHERE slug = ANY($1::text[])`,
};

const REF_KINDS = new Set<string>(Object.keys(LABELS));
const LOOKUP_CHUNK = 5000;

export function isRefKind(kind: TKind): kind is TRefKind {
  return REF_KINDS.has(kind);
}

export class Registry {
  /** key -> number of valid lines defining it */
  private readonly defined = new Map<TRefKind, Map<string, number>>();
  /** key -> line number of an invalid line that tried to define it */
  private readonly rejected = new Map<TRefKind, Map<string, number>>();
  private readonly inDb = new Map<TRefKind, Set<string>>();
  private readonly notInDb = new Map<TRefKind, Set<string>>();
  /** line -> reason */
  readonly invalid = new Map<number, string>();

  constructor(private readonly db: TDb) {}

  private of<T>(m: Map<TRefKind, T>, kind: TRefKind, make: () => T): T {
    let v = m.get(kind);
    if (!v) m.set(kind, (v = make()));
    return v;
  }

  define(kind: TKind, key: string | null): void {
    if (key === null || !isRefKind(kind)) return;
    const m = this.of(this.defined, kind, () => new Map<string, number>());
    m.set(key, (m.get(key) ?? 0) + 1);
  }

  /** Marks a line invalid. `wasDefined`: the line had been counted by `define`. */
  reject(line: number, reason: string, kind?: TKind, key?: string | null, wasDefined = false): void {
    if (this.invalid.has(line)) return;
    this.invalid.set(line, reason);
    if (!kind || key == null || !isRefKind(kind)) return;
    this.of(this.rejected, kind, () => new Map<string, number>()).set(key, line);
    if (!wasDefined) return;
    const m = this.defined.get(kind);
    const n = (m?.get(key) ?? 0) - 1;
    if (n > 0) m!.set(key, n);
    else m?.delete(key);
  }

  /** Forgets the keys (validation is over; only `invalid` is needed to write). */
  releaseKeys(): void {
    this.defined.clear();
    this.rejected.clear();
    this.inDb.clear();
    this.notInDb.clear();
  }

  definedInFile(kind: TRefKind, key: string): boolean {
    return (this.defined.get(kind)?.get(key) ?? 0) > 0;
  }

  /** The key resolves: a valid line of the file defines it, or the database holds it (looked up). */
  has(kind: TRefKind, key: string): boolean {
    return this.definedInFile(kind, key) || (this.inDb.get(kind)?.has(key) ?? false);
  }

  missingReason(kind: TRefKind, key: string): string {
    const line = this.rejected.get(kind)?.get(key);
    const what = kind === "profile" ? `${LABELS[kind]} ${key}` : `${LABELS[kind]} '${key}'`;
    return line === undefined ? `unknown ${what}` : `${what} is defined only by an invalid line (line ${line})`;
  }

  /** Looks up, in the database, the keys that the file does not define and that were not looked up yet. */
  async lookup(kind: TRefKind, keys: Iterable<string>): Promise<void> {
    const known = this.of(this.inDb, kind, () => new Set<string>());
    const missing = this.of(this.notInDb, kind, () => new Set<string>());
    const todo = new Set<string>();
    for (const k of keys) if (!this.definedInFile(kind, k) && !known.has(k) && !missing.has(k)) todo.add(k);
    const list = [...todo];
    for (let i = 0; i < list.length; i += LOOKUP_CHUNK) {
      const part = list.slice(i, i + LOOKUP_CHUNK);
      const args = kind === "profile" ? part.map(Number).filter((n) => Number.isSafeInteger(n) && n <= 2_147_483_647) : part;
      const rows = await this.db.$queryRawUnsafe<{ k: string }[]>(LOOKUP_SQL[kind], args);
      const found = new Set(rows.map((r) => r.k));
      for (const k of part) (found.has(k) ? known : missing).add(k);
    }
  }

  /** Looks up several kinds at once: `need` maps a kind to the keys a chunk of records refers to. */
  async lookupAll(need: Map<TRefKind, Set<string>>): Promise<void> {
    for (const [kind, keys] of need) await this.lookup(kind, keys);
  }
}

export function labelOf(kind: TRefKind): string {
  return LABELS[kind];
}
