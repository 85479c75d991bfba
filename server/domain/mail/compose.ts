import { env } from "~/server/env";

/**
 * The one layout of every e-mail (docs/mail.md): a title, blocks (paragraphs, a list of linked
 * items with quieter lines and items of their own, a button-like link) and a footer, rendered twice: as HTML that reads well in common mail
 * clients (one centred column, inline styles only, no remote image, no script) and as a plain text
 * part written for reading, not HTML with its tags stripped. Every text given here is user content
 * as far as the composer knows: HTML-escaped in the HTML part. Every link is absolute to
 * BASE_URL: a path (`/cards/x`) is joined to it, and a URL outside it is refused, so no e-mail
 * ever links elsewhere or to a relative address that mail clients cannot resolve.
 */

interface TMailLink {
  label: string;
  /** A path on this service (`/cards/acme`) or an absolute URL under BASE_URL. */
  href: string;
}

export interface TMailItem {
  text: string;
  href?: string;
  /** Quieter lines under the item. */
  details?: string[];
  /** Items under this one (a saved filter's alert and its cards), one level deeper. */
  items?: TMailItem[];
}

type TMailBlock = { paragraph: string } | { items: TMailItem[] } | { action: TMailLink };

export interface TMailContent {
  title: string;
  blocks: TMailBlock[];
  /** Small print at the end (why the e-mail was sent, how to stop it). */
  footer?: string[];
  /** Links under the footer (an unsubscribe page, the settings). */
  footerLinks?: TMailLink[];
}

export interface TComposedMail {
  text: string;
  html: string;
}

/** `href` as an absolute URL under `baseUrl`; throws for anything else (a programming error, never user input). */
export function absoluteUrl(href: string, baseUrl: string = env().BASE_URL): string {
  const base = baseUrl.replace(/\/+$/, "");
  if (href.startsWith("/") && !href.startsWith("//")) return `${base}${href}`;
  if (href === base || href.startsWith(`${base}/`) || href.startsWith(`${base}?`)) return href;
  throw new Error(`mail link outside BASE_URL: ${href}`);
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const STYLE = {
  body: "margin:0;padding:0;background-color:#f1f5f9;",
  outer: "background-color:#f1f5f9;",
  cell: "padding:24px 12px;",
  card: "max-width:560px;background-color:#ffffff;border:1px solid #e2e8f0;border-radius:8px;",
  content: `padding:28px 28px 20px;font-family:${FONT};font-size:15px;line-height:1.55;color:#0f172a;`,
  title: "margin:0 0 16px;font-size:20px;line-height:1.3;font-weight:600;color:#0f172a;",
  paragraph: "margin:0 0 16px;",
  list: "margin:0 0 16px;padding:0 0 0 20px;",
  subList: "margin:6px 0 0;padding:0 0 0 18px;",
  item: "margin:0 0 8px;",
  detail: "color:#475569;font-size:13px;",
  link: "color:#0369a1;text-decoration:underline;",
  action: "margin:8px 0 20px;",
  button:
    "display:inline-block;padding:10px 18px;background-color:#0f172a;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;",
  fallback: "margin:0 0 16px;color:#475569;font-size:13px;word-break:break-all;",
  footer: `max-width:560px;margin:0 auto;padding:16px 28px 0;font-family:${FONT};font-size:12px;line-height:1.5;color:#64748b;`,
  footerLink: "color:#64748b;text-decoration:underline;",
} as const;

function htmlLink(label: string, url: string, style: string = STYLE.link): string {
  return `<a href="${escapeHtml(url)}" style="${style}">${escapeHtml(label)}</a>`;
}

function htmlBlock(block: TMailBlock, base: string): string {
  if ("paragraph" in block) return `<p style="${STYLE.paragraph}">${escapeHtml(block.paragraph)}</p>`;
  if ("action" in block) {
    const url = absoluteUrl(block.action.href, base);
    return [
      `<p style="${STYLE.action}">${htmlLink(block.action.label, url, STYLE.button)}</p>`,
      `<p style="${STYLE.fallback}">${escapeHtml(url)}</p>`,
    ].join("\n");
  }
  return htmlList(block.items, base, STYLE.list);
}

function htmlList(items: TMailItem[], base: string, style: string): string {
  const lis = items.map((item) => {
    const main = item.href ? htmlLink(item.text, absoluteUrl(item.href, base)) : escapeHtml(item.text);
    const details = (item.details ?? []).map((d) => `<br><span style="${STYLE.detail}">${escapeHtml(d)}</span>`).join("");
    const sub = item.items?.length ? `\n${htmlList(item.items, base, STYLE.subList)}\n` : "";
    return `<li style="${STYLE.item}">${main}${details}${sub}</li>`;
  });
  return `<ul style="${style}">\n${lis.join("\n")}\n</ul>`;
}

function textList(items: TMailItem[], base: string, indent: string): string {
  return items
    .map((item) =>
      [
        `${indent}- ${item.text}`,
        ...(item.details ?? []).map((d) => `${indent}  ${d}`),
        ...(item.href ? [`${indent}  ${absoluteUrl(item.href, base)}`] : []),
        ...(item.items?.length ? [textList(item.items, base, `${indent}  `)] : []),
      ].join("\n"),
    )
    .join("\n");
}

function textBlock(block: TMailBlock, base: string): string {
  if ("paragraph" in block) return block.paragraph;
  if ("action" in block) return `${block.action.label}:\n${absoluteUrl(block.action.href, base)}`;
  return textList(block.items, base, "");
}

/** The HTML and text parts of an e-mail. `baseUrl` defaults to BASE_URL. */
export function composeMail(content: TMailContent, baseUrl: string = env().BASE_URL): TComposedMail {
  const footer = content.footer ?? [];
  const footerLinks = (content.footerLinks ?? []).map((l) => ({ label: l.label, url: absoluteUrl(l.href, baseUrl) }));

  const text = [
    content.title,
    "=".repeat(Math.min(content.title.length, 72)),
    "",
    content.blocks.map((b) => textBlock(b, baseUrl)).join("\n\n"),
    ...(footer.length || footerLinks.length ? ["", "-- ", ...footer, ...footerLinks.map((l) => `${l.label}: ${l.url}`)] : []),
  ].join("\n");

  const footerHtml = [
    ...footer.map((line) => `<p style="margin:0 0 6px;">${escapeHtml(line)}</p>`),
    ...(footerLinks.length
      ? [`<p style="margin:0 0 6px;">${footerLinks.map((l) => htmlLink(l.label, l.url, STYLE.footerLink)).join(" · ")}</p>`]
      : []),
  ].join("\n");

  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}</title>
</head>
<body style="${STYLE.body}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="${STYLE.outer}">
<tr><td align="center" style="${STYLE.cell}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="${STYLE.card}">
<tr><td style="${STYLE.content}">
<h1 style="${STYLE.title}">${escapeHtml(content.title)}</h1>
${content.blocks.map((b) => htmlBlock(b, baseUrl)).join("\n")}
</td></tr>
</table>
${footerHtml ? `<div style="${STYLE.footer}">\n${footerHtml}\n</div>` : ""}
</td></tr>
</table>
</body>
</html>
`;
  return { text: `${text}\n`, html };
}
