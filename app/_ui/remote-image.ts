/**
 * Whether a stored image URL (a card's or a person's logo, on whatever host it lives) can be
 * shown: https only (the pages' policy allows images from https hosts, and plain http would be
 * mixed content), and not on a reserved name that can never resolve (RFC 2606 / RFC 6761:
 * `.example`, `.invalid`, `.test`, `.localhost`, the placeholders of sample data such as the
 * demo dataset). Anything else gets the initial-letter placeholder instead.
 */
const RESERVED = /(^|\.)(example|invalid|test|localhost)$/i;

export function displayableImage(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== "https:" || RESERVED.test(u.hostname)) return null;
    return u.toString();
  } catch {
    return null;
  }
}
