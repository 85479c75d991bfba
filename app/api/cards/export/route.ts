import { appRouter } from "../../../../server/api/root";
import { createBrowserContext, createCallerFactory } from "../../../../server/api/trpc";
import { accountById } from "../../../../server/auth/caller";
import { sessionAccountId } from "../../../../server/auth/nextauth";
import { cardsCsv } from "../../../../server/domain/cards/csv";
import { db } from "../../../../server/db/client";
import { logger } from "../../../../server/lib/logger";

export const dynamic = "force-dynamic";

const createCaller = createCallerFactory(appRouter);
const PAGE = 100;
/** Paging and output parameters the export sets itself. */
const OWN = new Set(["limit", "offset", "include_total", "include_user_data", "view", "fields"]);

/**
 * GET /api/cards/export?<GET /v1/cards/ parameters>: every card the filter matches as CSV,
 * streamed page by page through the same list procedure as the /cards table (session auth).
 */
export async function GET(req: Request): Promise<Response> {
  const id = await sessionAccountId();
  const account = id ? await accountById(await db(), id) : undefined;
  if (!account) return Response.json({ error: "not_authenticated", message: "Sign in to export cards." }, { status: 401 });
  const caller = createCaller(await createBrowserContext(account, { set() {} }));

  const filter: Record<string, string> = {};
  for (const [k, v] of new URL(req.url).searchParams) if (!OWN.has(k)) filter[k] = v;
  const page = async (offset: number) => {
    const r = await caller.cards.list({ ...filter, limit: String(PAGE), offset: String(offset), include_total: "false" });
    return { data: r.data, hasNext: r.pagination.has_next };
  };

  // The first page is read before answering, so a bad filter is a 400 and not a broken download.
  let first: Awaited<ReturnType<typeof page>>;
  try {
    first = await page(0);
  } catch (err) {
    const message = err instanceof Error ? err.message : "invalid filter";
    return Response.json({ error: "validation_error", message }, { status: 400 });
  }
  let used = false;
  const chunks = cardsCsv((offset) => {
    if (offset === 0 && !used) {
      used = true;
      return Promise.resolve(first);
    }
    return page(offset);
  });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        logger.error("card export failed", { error: err });
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined);
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
