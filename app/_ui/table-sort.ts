/**
 * The sort a table shows: the REST `sort` parameter (`field:dir[,field:dir]`, or a preset name that
 * `presets` spells out), read as its primary key. Only the primary key's column is marked sorted
 * (aria-sort and an arrow): it is the order the reader sees.
 */

export type TSortDir = "asc" | "desc";

export function primarySort(sort: string | undefined, presets?: Record<string, string>): { field: string; dir: TSortDir } | null {
  const text = (sort ?? "").trim();
  const spelled = presets && Object.hasOwn(presets, text) ? presets[text]! : text;
  const m = spelled.split(",")[0]?.match(/^\s*([a-z_]+):(asc|desc)\s*$/i);
  return m ? { field: m[1]!.toLowerCase(), dir: m[2]!.toLowerCase() as TSortDir } : null;
}

/** What a click on a sortable header asks for: the other direction when sorted, else the column's first direction. */
export function nextSort(field: string, current: TSortDir | undefined, first: TSortDir): string {
  return `${field}:${current ? (current === "asc" ? "desc" : "asc") : first}`;
}

/** A text column starts A to Z; numbers and dates start with the largest (newest). */
export function firstDirection(field: string, declared?: TSortDir): TSortDir {
  return declared ?? (field === "name" ? "asc" : "desc");
}
