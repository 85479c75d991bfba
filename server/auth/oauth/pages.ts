/**
 * Responses of the authorization endpoint's route handlers: redirects, and the error page shown
 * instead of redirecting when the client or its redirect URI cannot be trusted. None may be framed.
 */
const NO_FRAME = { "X-Frame-Options": "DENY", "Cache-Control": "no-store" };

export function redirectTo(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, ...NO_FRAME } });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorPage(status: number, title: string, message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Venture Monitor</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0}main{max-width:32rem;margin:6rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}h1{font-size:1.25rem;margin:0 0 .75rem}p{color:#475569;line-height:1.5}a{color:#0369a1}</style>
</head><body><main><h1>${escape(title)}</h1><p>${escape(message)}</p><p>Return to the application and start again, or go to <a href="/">Venture Monitor</a>.</p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      ...NO_FRAME,
    },
  });
}
