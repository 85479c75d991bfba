/**
 * The markdown text of a list tool's result with `response_format: "markdown"` (docs/mcp.md): a
 * heading with the tool and the items' positions, one line per item (its name, then its main
 * fields, each made short), the note of a cut result, and how to get the next page. It is for
 * reading; `structuredContent` keeps the JSON.
 */

interface TMarkdownPage {
  tool: string;
  items: readonly unknown[];
  /** The position of the first item in the whole list (0-based). */
  start: number;
  total: number | null;
  nextCursor: string | null;
  note: string | undefined;
  /** The fields shown after an item's name (default: all of its fields). */
  lineFields: readonly string[] | undefined;
}

/** The fields that name an item, in order of preference: the first one it has leads its line. */
const LABEL_FIELDS = ["name", "title", "username", "description"] as const;
/** The fields that stand for a nested object on a line. */
const OBJECT_LABEL_FIELDS = ["name", "formatted", "username", "email", "slug", "title", "id"] as const;
const TEXT_CHARS = 120;
const LIST_ITEMS = 5;

/**
 * Text on one markdown line: whitespace collapsed, long text shortened, and the characters that
 * start emphasis, code, links or HTML escaped. Underscores are left as they are (no emphasis inside
 * a word), so that slugs read as the tools take them.
 */
function inline(text: string, max = TEXT_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const short = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return short.replace(/[\\`*[\]<]/g, (c) => `\\${c}`);
}

/** A value made short for a line; undefined when there is nothing worth showing. */
function compact(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value.trim() === "" ? undefined : inline(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    const shown = value.map(compact).filter((v): v is string => v !== undefined);
    if (shown.length === 0) return undefined;
    const more = shown.length > LIST_ITEMS ? ` (+${shown.length - LIST_ITEMS} more)` : "";
    return `${shown.slice(0, LIST_ITEMS).join(", ")}${more}`;
  }
  if (typeof value === "object") {
    const obj = value as Record<string, unknown>;
    for (const key of OBJECT_LABEL_FIELDS) {
      const label = compact(obj[key]);
      if (label !== undefined) return label;
    }
  }
  return undefined;
}

function itemLine(item: unknown, position: number, lineFields: readonly string[] | undefined): string {
  if (!item || typeof item !== "object") return `${position}. ${compact(item) ?? "—"}`;
  const obj = item as Record<string, unknown>;
  const named = LABEL_FIELDS.find((k) => typeof obj[k] === "string" && obj[k] !== "");
  // An item with no name is shown by its id.
  const labelKey = named ?? (compact(obj.id) !== undefined ? "id" : undefined);
  const label = named ? `**${inline(obj[named] as string, 80)}**` : labelKey ? `#${compact(obj.id)}` : "—";
  const keys = (lineFields ?? Object.keys(obj)).filter((k) => k !== labelKey && Object.hasOwn(obj, k));
  const parts: string[] = [];
  for (const key of keys) {
    const shown = compact(obj[key]);
    if (shown !== undefined) parts.push(`${key}: ${shown}`);
  }
  return parts.length > 0 ? `${position}. ${label} — ${parts.join(" · ")}` : `${position}. ${label}`;
}

export function renderMarkdown(page: TMarkdownPage): string {
  const { tool, items, start, total, nextCursor, note } = page;
  const of = total === null ? "" : ` of ${total}`;
  const heading =
    items.length === 0
      ? `## ${tool}: no items${start > 0 ? ` after item ${start}${of}` : ""}`
      : `## ${tool}: ${items.length} item${items.length === 1 ? "" : "s"} (${start + 1}–${start + items.length}${of})`;
  const lines = [heading, ""];
  items.forEach((item, i) => lines.push(itemLine(item, start + i + 1, page.lineFields)));
  if (items.length > 0) lines.push("");
  if (note) lines.push(`> ${note}`, "");
  lines.push(nextCursor === null ? "No more items." : `More items: call ${tool} again with the same arguments and cursor "${nextCursor}".`);
  return lines.join("\n");
}
