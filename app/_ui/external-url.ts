/**
 * An imported URL (a card's website, its social links, a person's or a participant's profile
 * links) as a link target: only absolute http and https URLs are. Anything else (`javascript:`,
 * `data:`, `vbscript:`, a relative path, text that is not a URL) is not a link: imported data comes
 * from outside, and a `javascript:` href would run in the workspace's origin when clicked.
 * Returns the URL as the browser would read it, or null.
 */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  // The scheme is checked on the text itself as well as after parsing: the parser drops tabs and
  // newlines anywhere in a URL, so only a text that starts with the scheme is taken.
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
