import { createServer } from "node:http";
import { resetEnvCache } from "~/server/env";

/**
 * The REST edge served from the benchmark's own process (BENCH_INPROCESS=1): no `next build`
 * needed, at the price of sharing the CPU with the load generator. `databaseUrl` is the database
 * the service's own handle must open.
 */
export async function startInProcess(databaseUrl: string, port: number) {
  process.env.DATABASE_URL = databaseUrl;
  process.env.LOG_LEVEL = "warn";
  resetEnvCache(); // the configuration may have been read already; the service must see this database
  const { handleRest } = await import("~/server/api/rest/handler");
  const server = createServer(async (req, res) => {
    // The body as the benchmark sent it (a lookup's JSON), read whole: the client is the benchmark itself.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    handleRest(request)
      .then(async (r) => {
        res.writeHead(r.status, Object.fromEntries(r.headers));
        res.end(await r.text());
      })
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: undefined as number | undefined,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
