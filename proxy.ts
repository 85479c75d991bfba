import { NextResponse, type NextRequest } from "next/server";

/**
 * `GET /` is the public API catalog for API clients and the workspace for browsers: JSON unless the
 * Accept header prefers text/html (DESIGN.md §2).
 */
export function proxy(req: NextRequest) {
  const accept = req.headers.get("accept") ?? "";
  if (prefersHtml(accept)) return NextResponse.next();
  return NextResponse.rewrite(new URL("/api/catalog", req.url));
}

function prefersHtml(accept: string): boolean {
  let html = -1;
  let json = -1;
  for (const part of accept.split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === "text/html" || type === "application/xhtml+xml") html = Math.max(html, q);
    if (type === "application/json") json = Math.max(json, q);
  }
  return html > 0 && html > json;
}

export const config = { matcher: "/" };
