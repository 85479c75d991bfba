import { Prisma } from "../../db/generated/prisma/client";
import { validationError } from "../../lib/errors";

/**
 * Sort of the participants list: presets `name` (default; name asc) and `most_active`
 * (monthly_signals desc, then name asc), or a custom `field:dir[,field:dir]` list over `name` and
 * `monthly_signals`. Ties are always broken by `name asc` (when name is not a key) and then by `id`
 * in the direction of the last key (so `name:desc` walks the (name, id) index backwards): pages never
 * overlap. Column names come only from the whitelist below.
 */

const FIELDS = { name: "p.name", monthly_signals: "p.monthly_signals" } as const;
type TField = keyof typeof FIELDS;
type TDir = "asc" | "desc";

export interface TParticipantSort {
  /** The effective sort as reported in meta.sort: the preset name or the normalised custom string. */
  label: string;
  keys: { field: TField; dir: TDir }[];
}

export const DEFAULT_PARTICIPANT_SORT = "name";

const PRESETS: Record<string, TParticipantSort["keys"]> = {
  name: [{ field: "name", dir: "asc" }],
  most_active: [
    { field: "monthly_signals", dir: "desc" },
    { field: "name", dir: "asc" },
  ],
};

const HELP = "use name, most_active, or field:direction pairs (fields name, monthly_signals; directions asc, desc)";

export function parseParticipantSort(raw: string | undefined): TParticipantSort {
  const value = (raw ?? "").trim().toLowerCase() || DEFAULT_PARTICIPANT_SORT;
  const preset = PRESETS[value];
  if (preset) return { label: value, keys: preset };
  const keys: TParticipantSort["keys"] = [];
  for (const part of value.split(",").map((p) => p.trim()).filter(Boolean)) {
    const [field, dir, extra] = part.split(":").map((p) => p.trim());
    if (extra !== undefined || !field || !(field in FIELDS) || (dir !== "asc" && dir !== "desc")) {
      throw validationError("sort", `'${part.slice(0, 60)}' is not a valid sort: ${HELP}`);
    }
    if (keys.some((k) => k.field === field)) throw validationError("sort", `field '${field}' is given twice`);
    keys.push({ field: field as TField, dir });
  }
  if (keys.length === 0) throw validationError("sort", `is empty: ${HELP}`);
  return { label: keys.map((k) => `${k.field}:${k.dir}`).join(","), keys };
}

/** `ORDER BY` items (without the keyword), tie-breakers included, over the alias `p`. */
export function participantOrderBy(sort: TParticipantSort): Prisma.Sql {
  const keys = sort.keys.some((k) => k.field === "name") ? sort.keys : [...sort.keys, { field: "name" as const, dir: "asc" as const }];
  const items = keys.map((k) => `${FIELDS[k.field]} ${k.dir.toUpperCase()}`);
  items.push(`p.id ${keys[keys.length - 1]!.dir.toUpperCase()}`);
  return Prisma.raw(items.join(", "));
}
