import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

/**
 * The floor of a benchmark: a bare node:http server that runs the same SQL through `pg` (pool of
 * 16) with no framework, no auth and no validation, answering the handler's result as JSON.
 */
export async function startFloor(databaseUrl: string, handler: (pool: pg.Pool, url: URL) => Promise<unknown>) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  const server = createServer((req, res) => {
    handler(pool, new URL(req.url ?? "/", "http://floor"))
      .then((body) => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      })
      .catch((err: Error) => {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: err.message }));
      });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((r) => server.close(r));
      await pool.end();
    },
  };
}
