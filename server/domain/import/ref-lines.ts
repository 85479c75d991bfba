import type { TRec } from "./schemas";
import type { TKind, TRefKind } from "./types";

/**
 * The references a record holds, as spooled for the reference check:
 * `<line>\t<own key>\t<code><key>\t...`, one code letter per referred kind, `^` for the parent
 * of a self-referring kind (category and location parent, participant associated_with), and `@`
 * the timestamp of an interaction (for the derived fields of new cards, see card-derived.ts).
 * Keys are slugs, numeric ids or canonical timestamps: they hold no tab.
 */

const CODES: Record<TRefKind, string> = {
  stage: "s",
  round: "r",
  category: "g",
  location: "l",
  profile: "p",
  participant: "P",
  card: "c",
  source_type: "t",
  participant_type: "T",
};
const KIND_OF = Object.fromEntries(Object.entries(CODES).map(([k, c]) => [c, k])) as Record<string, TRefKind>;

/**
 * Kinds whose lines refer to other lines: the kinds they refer to (other than their own) and the
 * field of their self-reference if any.
 */
export const REFERRING: Partial<Record<TKind, { targets: readonly TRefKind[]; self?: string }>> = {
  category: { targets: [], self: "parent" },
  location: { targets: [], self: "parent" },
  participant: { targets: ["participant_type"], self: "associated_with" },
  card: { targets: ["stage", "round", "location", "profile", "category"] },
  interaction: { targets: ["card", "participant", "source_type"] },
};

function external(kind: TKind, r: TRec): [TRefKind, unknown][] {
  switch (kind) {
    case "participant":
      return [["participant_type", r.type]];
    case "card":
      return [
        ["stage", r.stage],
        ["round", r.round],
        ["location", r.location],
        ["profile", r.network_a_profile],
        ...(r.categories as string[]).map((c): [TRefKind, unknown] => ["category", c]),
      ];
    case "interaction":
      return [
        ["card", r.card],
        ["participant", r.participant],
        ["participant", r.associated_participant],
        ["source_type", r.source_type],
      ];
    default:
      return [];
  }
}

export function encodeRefs(kind: TKind, line: number, key: string | null, rec: TRec): string {
  const parts = [String(line), key ?? ""];
  for (const [k, v] of external(kind, rec)) if (v !== null && v !== undefined) parts.push(CODES[k] + String(v));
  const self = REFERRING[kind]?.self;
  if (self && rec[self] !== null && rec[self] !== undefined) parts.push(`^${String(rec[self])}`);
  if (kind === "interaction") parts.push(`@${String(rec.created_at)}`);
  return parts.join("\t");
}

export interface TDecodedRefs {
  line: number;
  key: string | null;
  refs: [TRefKind, string][];
  parent: string | null;
  /** interactions: created_at */
  at: string | null;
}

export function decodeRefs(text: string): TDecodedRefs {
  const parts = text.split("\t");
  const refs: [TRefKind, string][] = [];
  let parent: string | null = null;
  let at: string | null = null;
  for (let i = 2; i < parts.length; i++) {
    const p = parts[i]!;
    if (p[0] === "^") parent = p.slice(1);
    else if (p[0] === "@") at = p.slice(1);
    else refs.push([KIND_OF[p[0]!]!, p.slice(1)]);
  }
  return { line: Number(parts[0]), key: parts[1] || null, refs, parent, at };
}

/**
 * The card an interaction's reference line names (its first reference, see `external`), without
 * decoding the whole line: passes that want the interactions of some cards only skip the rest cheaply.
 */
export function cardOfInteraction(text: string): string | undefined {
  const tab2 = text.indexOf("\t", text.indexOf("\t") + 1);
  if (tab2 < 0 || text[tab2 + 1] !== CODES.card) return undefined;
  const end = text.indexOf("\t", tab2 + 2);
  return text.slice(tab2 + 2, end < 0 ? undefined : end);
}
