/**
 * Card list sorting: the spec's presets and custom `field:direction[,field:direction...]` lists.
 * Every order ends with the card id as a tie-breaker (in the direction of the last key), so pages
 * never overlap or skip. `latest_signal_date` is `last_interaction_at` with nulls last in both
 * directions (docs/api.md). This part reads the parameter (no SQL, usable wherever the parameter is
 * checked); sort.ts turns it into ORDER BY.
 */

const SORT_FIELDS = ["created_at", "updated_at", "name", "interactions_count", "latest_signal_date"] as const;
export type TSortField = (typeof SORT_FIELDS)[number];
type TDirection = "asc" | "desc";
interface TSortKey {
  field: TSortField;
  direction: TDirection;
}

export const DEFAULT_SORT = "latest_signal_date:desc";

export const SORT_PRESETS = {
  trending: [
    { field: "interactions_count", direction: "desc" },
    { field: "latest_signal_date", direction: "desc" },
  ],
  recent: [{ field: "created_at", direction: "desc" }],
  most_active: [
    { field: "updated_at", direction: "desc" },
    { field: "interactions_count", direction: "desc" },
  ],
} as const satisfies Record<string, readonly TSortKey[]>;

export interface TSort {
  /** The effective sort string (meta.sort): a preset name or the normalised custom list. */
  text: string;
  keys: readonly TSortKey[];
}

/** Parses a sort parameter; returns an error message instead when it is not valid. */
export function parseSort(raw: string | undefined): TSort | { error: string } {
  const value = (raw ?? DEFAULT_SORT).trim().toLowerCase();
  if (Object.hasOwn(SORT_PRESETS, value)) return { text: value, keys: SORT_PRESETS[value as keyof typeof SORT_PRESETS] };
  const keys: TSortKey[] = [];
  for (const part of value.split(",")) {
    const [field, direction, extra] = part.split(":").map((s) => s.trim());
    if (!SORT_FIELDS.includes(field as TSortField)) {
      return {
        error: `unknown sort field '${(field ?? "").slice(0, 40)}'; use a preset (${Object.keys(SORT_PRESETS).join(", ")}) or field:direction with fields ${SORT_FIELDS.join(", ")}`,
      };
    }
    if ((direction !== "asc" && direction !== "desc") || extra !== undefined) {
      return { error: `sort '${field}' needs a direction: ${field}:asc or ${field}:desc` };
    }
    if (keys.some((k) => k.field === field)) return { error: `sort field '${field}' is given twice` };
    keys.push({ field: field as TSortField, direction });
  }
  return { text: keys.map((k) => `${k.field}:${k.direction}`).join(","), keys };
}
