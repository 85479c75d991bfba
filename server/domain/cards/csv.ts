import type { TCardListItem as TListItem } from "./list";

/** What the export reads of a list item (user data is not exported). */
type TCardListItem = Omit<TListItem, "user_data">;

/**
 * CSV export of card list items (the workspace's "Export CSV"): one header line, then one line per
 * card, RFC 4180 quoting. A cell that a spreadsheet would run as a formula (starting with = + - @,
 * tab or carriage return) gets a leading apostrophe, because names and descriptions come from
 * imported data.
 */

const CSV_COLUMNS: { header: string; value: (c: TCardListItem) => string | number | boolean | null | undefined }[] = [
  { header: "slug", value: (c) => c.slug },
  { header: "name", value: (c) => c.name },
  { header: "url", value: (c) => c.url },
  { header: "stage", value: (c) => c.stage?.name },
  { header: "round", value: (c) => c.round?.name },
  { header: "location", value: (c) => c.location?.formatted },
  { header: "categories", value: (c) => (c.categories ?? []).map((x) => x.name).join("; ") },
  { header: "signals", value: (c) => c.interactions_count },
  { header: "first_interaction_at", value: (c) => c.first_interaction_at },
  { header: "last_interaction_at", value: (c) => c.last_interaction_at },
  { header: "created_at", value: (c) => c.created_at },
  { header: "trending", value: (c) => c.trending },
  { header: "open_to_intro", value: (c) => c.open_to_intro },
  { header: "last_round", value: (c) => c.last_round },
  { header: "public_url", value: (c) => c.public_url },
  { header: "description", value: (c) => c.description },
];

export function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return "";
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvHeader = (): string => `${CSV_COLUMNS.map((c) => c.header).join(",")}\r\n`;

function csvLines(items: TCardListItem[]): string {
  return items.map((item) => `${CSV_COLUMNS.map((c) => csvCell(c.value(item))).join(",")}\r\n`).join("");
}

/** CSV text chunks: the header line, then the lines of each chunk of cards (exportCards). */
export async function* cardsCsv(chunks: AsyncIterable<TCardListItem[]>): AsyncGenerator<string> {
  yield csvHeader();
  for await (const items of chunks) if (items.length > 0) yield csvLines(items);
}
