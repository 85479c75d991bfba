/**
 * Values the imported data uses for "not known" ("unknown", "n/a", "-", ...): the reference lists
 * leave such locations out and the card formatting shows them as unknown.
 */
const PLACEHOLDERS = new Set(["", "unknown", "n/a", "na", "none", "null", "-", "?", "undefined"]);

export const isPlaceholder = (v: string | null | undefined) => v == null || PLACEHOLDERS.has(v.trim().toLowerCase());
