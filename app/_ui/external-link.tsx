import type { ReactNode } from "react";
import { httpUrl } from "./external-url";

const LINK_CLASS = "text-sky-800 underline";

/**
 * A link to an imported URL, opened in a new tab without a referrer: a link only when the URL is
 * http or https (external-url.ts), else its content as plain text.
 */
export function ExternalLink({ url, className, children }: { url: unknown; className?: string; children: ReactNode }) {
  const href = httpUrl(url);
  if (!href) return <span className={className}>{children}</span>;
  return (
    <a href={href} className={className ? `${className} ${LINK_CLASS}` : LINK_CLASS} rel="noreferrer noopener" target="_blank">
      {children}
    </a>
  );
}
