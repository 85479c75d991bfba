import type { TDb } from "~/server/db/client";
import { inPart, KEY_CAP, type TPart } from "./partition";
import type { Spool } from "./spool";
import type { TKind, TRefKind } from "./types";

/**
 * What the validation knows about keys, with bounded memory:
 * - every line that carries a key of a referable kind is spooled as `key:<kind>` (line, key);
 * - the reference check loads those keys one partition at a time (see partition.ts): a key is
 *   defined when a line that is still valid defines it, "defined only by an invalid line" when
 *   only invalid lines do;
 * - keys the file does not define are looked up in the database, in batches, and remembered
 *   up to KEY_CAP of them;
 * - `invalid` holds every invalid line with its reason (the report lists them all).
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

function isRefKind(kind: TKind): kind is TRefKind {
  return REF_KINDS.has(kind);
}

/** Which keys of a kind to load: one partition, or a given set. */
export type TKeyFilter = TPart | { only: ReadonlySet<string> };

export class Registry {
  /** line -> reason */
  readonly invalid = new Map<number, string>();
  /** the loaded keys: defined by a valid line */
  private defined = new Map<TRefKind, Set<string>>();
  /** the loaded keys: defined only by invalid lines (key -> one of those lines) */
  private rejected = new Map<TRefKind, Map<string, number>>();
  /** database lookups: key -> found */
  private inDb = new Map<TRefKind, Map<string, boolean>>();
  private inDbSize = 0;

  constructor(
    private readonly db: TDb,
    private readonly spool: Spool,
    /** keys held in memory at once (partition.ts) */
    readonly cap = KEY_CAP,
  ) {}

  /** Records that line `line` carries `key` (valid or not: `invalid` tells, when the keys are loaded). */
  define(kind: TKind, key: string | null, line: number): void {
    if (key === null || !isRefKind(kind)) return;
    this.spool.append(`key:${kind}`, `${line}\t${key}`);
  }

  /** Lines that carry a key of `kind`. */
  keyCount(kind: TRefKind): number {
    return this.spool.count(`key:${kind}`);
  }

  /** Marks a line invalid (the first reason stays). */
  reject(line: number, reason: string): void {
    if (!this.invalid.has(line)) this.invalid.set(line, reason);
  }

  /** Loads the keys of `kinds` that pass `filter`, as the lines' validity stands now. */
  async load(kinds: readonly TRefKind[], filter: TKeyFilter): Promise<void> {
    this.unload();
    const wanted = "only" in filter ? (key: string) => filter.only.has(key) : (key: string) => inPart(key, filter);
    for (const kind of kinds) {
      const defined = new Set<string>();
      const rejected = new Map<string, number>();
      for await (const batch of this.spool.lines(`key:${kind}`)) {
        for (const text of batch) {
          const tab = text.indexOf("\t");
          const key = text.slice(tab + 1);
          if (!wanted(key)) continue;
          const line = Number(text.slice(0, tab));
          if (!this.invalid.has(line)) defined.add(key);
          else rejected.set(key, line);
        }
      }
      for (const key of defined) rejected.delete(key);
      this.defined.set(kind, defined);
      this.rejected.set(kind, rejected);
    }
  }

  /** Forgets the loaded keys and the remembered lookups. */
  unload(): void {
    this.defined.clear();
    this.rejected.clear();
    this.inDb.clear();
    this.inDbSize = 0;
  }

  definedInFile(kind: TRefKind, key: string): boolean {
    return this.defined.get(kind)?.has(key) ?? false;
  }

  /** The key resolves: a valid line of the file defines it (loaded), or the database holds it (looked up). */
  has(kind: TRefKind, key: string): boolean {
    return this.definedInFile(kind, key) || this.inDb.get(kind)?.get(key) === true;
  }

  missingReason(kind: TRefKind, key: string): string {
    const line = this.rejected.get(kind)?.get(key);
    const what = kind === "profile" ? `${LABELS[kind]} ${key}` : `${LABELS[kind]} '${key}'`;
    return line === undefined ? `unknown ${what}` : `${what} is defined only by an invalid line (line ${line})`;
  }

  /** Looks up, in the database, keys of one kind that the loaded keys do not define. */
  lookup(kind: TRefKind, keys: Iterable<string>): Promise<void> {
    return this.lookupAll(new Map([[kind, new Set(keys)]]));
  }

  /**
   * Looks up several kinds at once: `need` maps a kind to the keys a chunk of records refers to.
   * Afterwards `has` answers for every key of `need`.
   */
  async lookupAll(need: Map<TRefKind, Set<string>>): Promise<void> {
    const pending = (skipKnown: boolean) => {
      const todo = new Map<TRefKind, string[]>();
      let total = 0;
      for (const [kind, keys] of need) {
        const known = skipKnown ? this.inDb.get(kind) : undefined;
        const list = [...keys].filter((k) => !this.definedInFile(kind, k) && !known?.has(k));
        if (list.length) todo.set(kind, list);
        total += list.length;
      }
      return { todo, total };
    };
    let { todo, total } = pending(true);
    if (!total) return;
    if (this.inDbSize + total > this.cap) {
      // Bounded memory: forget the earlier answers, then look up every key of this call.
      this.inDb.clear();
      ({ todo, total } = pending(false));
      this.inDbSize = 0;
    }
    for (const [kind, list] of todo) {
      let known = this.inDb.get(kind);
      if (!known) this.inDb.set(kind, (known = new Map()));
      for (let i = 0; i < list.length; i += LOOKUP_CHUNK) {
        const part = list.slice(i, i + LOOKUP_CHUNK);
        const args = kind === "profile" ? part.map(Number).filter((n) => Number.isSafeInteger(n) && n <= 2_147_483_647) : part;
        const rows = await this.db.$queryRawUnsafe<{ k: string }[]>(LOOKUP_SQL[kind], args);
        const found = new Set(rows.map((r) => r.k));
        for (const k of part) known.set(k, found.has(k));
      }
    }
    this.inDbSize += total;
  }
}

export function labelOf(kind: TRefKind): string {
  return LABELS[kind];
}
