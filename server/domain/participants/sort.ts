import { Prisma } from "~/server/db/generated/prisma/client";
import { validationError } from "~/server/lib/errors";

/**
 * Sort of the participants list: presets `name` (default; name asc) and `most_active`
 * (monthly_signals desc, then name asc), or a custom `field:dir[,field:dir]` list over `name` and
 * `monthly_signals`. Ties always break on name and then id, so pages never overlap: when the list
 * does not name `name`, it follows monthly_signals in the opposite direction (`monthly_signals:desc`
 * is most_active, `monthly_signals:asc` its exact reverse), and id follows name's direction. Every
 * preset and single-field sort is then read in order from an index (vm_participant_name_id,
 * vm_participant_most_active). Column names come only from the whitelist below.
 */

const FIELDS = { name: "p.name", monthly_signals: "p.monthly_signals" } as const;
type TField = keyof typeof FIELDS;
type TDir = "asc" | "desc";

export interface TParticipantSort {
  /** The effective sort as reported in meta.sort: the preset name or the normalised custom string. */
  label: string;
  keys: { field: TField; dir: TDir }[];
}

const DEFAULT_PARTICIPANT_SORT = "name";

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
  if (Object.hasOwn(PRESETS, value)) return { label: value, keys: PRESETS[value]! };
  const keys: TParticipantSort["keys"] = [];
  for (const part of value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [field, dir, extra] = part.split(":").map((p) => p.trim());
    if (extra !== undefined || !field || !Object.hasOwn(FIELDS, field) || (dir !== "asc" && dir !== "desc")) {
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
  const keys = [...sort.keys];
  let name = keys.find((k) => k.field === "name");
  if (!name) {
    const signalsDir = keys.find((k) => k.field === "monthly_signals")?.dir;
    name = { field: "name", dir: signalsDir === "asc" ? "desc" : "asc" };
    keys.push(name);
  }
  const items = keys.map((k) => `${FIELDS[k.field]} ${k.dir.toUpperCase()}`);
  items.push(`p.id ${name.dir.toUpperCase()}`);
  return Prisma.raw(items.join(", "));
}
