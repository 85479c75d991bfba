import type { TDb } from "~/server/db/client";
import { unsubscribe } from "~/server/domain/notifications/unsubscribe";

/**
 * The List-Unsubscribe address of notification e-mails, `/api/unsubscribe/<token>`
 * (app/api/unsubscribe/[token]/route.ts; docs/notifications.md). POST is RFC 8058's one-click
 * unsubscribe (a mail client posts `List-Unsubscribe=One-Click`) and the button of the page
 * /unsubscribe/<token>: it turns the link's e-mails off, with no sign-in (the link is signed for
 * the account). A browser's form post is sent back to the page. GET changes nothing: it leads to
 * the page, so a link opened or fetched by a scanner never unsubscribes anyone.
 */
export async function unsubscribeEndpoint(db: TDb, req: Request, token: string, baseUrl: string): Promise<Response> {
  const page = (done: boolean) => `${baseUrl}/unsubscribe/${encodeURIComponent(token)}${done ? "?done=1" : ""}`;
  if (req.method !== "POST") return Response.redirect(page(false), 303);
  const done = (await unsubscribe(db, token)) !== null;
  if ((req.headers.get("accept") ?? "").includes("text/html")) return Response.redirect(page(done), 303);
  const text = (body: string, status: number) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
  return done ? text("Unsubscribed.\n", 200) : text("This unsubscribe link is not valid.\n", 404);
}
