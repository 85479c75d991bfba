import { appRouter } from "~/server/api/root";
import { toErrorResponse } from "~/server/api/rest/errors";
import { createBrowserContext, createCallerFactory } from "~/server/api/trpc";
import { sessionAccount } from "~/server/auth/nextauth";
import { cardsCsv } from "~/server/domain/cards/csv";
import type { TCardListItem } from "~/server/domain/cards/list";
import { logger } from "~/server/lib/logger";

export const dynamic = "force-dynamic";

const createCaller = createCallerFactory(appRouter);
/** Paging and output parameters of the /cards URL that the export does not take. */
const OWN = new Set(["limit", "offset", "include_total", "include_user_data", "view", "fields"]);

/** The chunks of an iterator whose first result was already read. */
async function* resumed<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  for (let next = first; !next.done; next = await rest.next()) yield next.value;
}

/**
 * GET /api/cards/export?<GET /v1/cards/ parameters>: every card the filter matches as CSV, streamed
 * (session auth) from the workspace.cardExport procedure.
 */
export async function GET(req: Request): Promise<Response> {
  const ctx = await createBrowserContext(await sessionAccount(), { set() {} });
  if (ctx.caller.kind !== "session")
    return Response.json({ error: "not_authenticated", message: "Sign in to export cards." }, { status: 401 });
  const caller = createCaller(ctx);

  const filter: Record<string, string> = {};
  for (const [k, v] of new URL(req.url).searchParams) if (!OWN.has(k)) filter[k] = v;

  // The first chunk is read before answering, so a bad filter is a 400 and not a broken download.
  let chunks: AsyncIterator<TCardListItem[]>;
  let first: IteratorResult<TCardListItem[]>;
  try {
    chunks = (await caller.workspace.cardExport(filter))[Symbol.asyncIterator]();
    first = await chunks.next();
  } catch (err) {
    const r = toErrorResponse(err, "card export");
    return Response.json(r.body, { status: r.status, headers: r.headers });
  }
  const lines = cardsCsv(resumed(first, chunks));
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        logger.error("card export failed", { error: err });
        controller.error(err);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="cards-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
