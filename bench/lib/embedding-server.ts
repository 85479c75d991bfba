import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { modelKey } from "~/server/domain/embeddings/provider";

/** The model name the benchmarks' synthetic 512-d vectors are served as, and the key they are stored under (bench:semantic writes them). */
const TABLE_MODEL = "bench-calibrated-512";
export const TABLE_MODEL_KEY = modelKey({ id: "openai", model: TABLE_MODEL });

/**
 * An OpenAI-compatible embedding server (`POST /v1/embeddings`, the service's
 * EMBEDDINGS_PROVIDER=openai) that answers from a table of known texts: lets a benchmark send the
 * service queries whose vectors it chose (synthetic, like the stored ones). It counts the texts it
 * was asked for, so a benchmark can show that a measured round embedded nothing.
 */
export async function startTableEmbeddingServer(table: Map<string, number[]>) {
  let embedded = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const { input } = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { input?: string[] };
      const texts = input ?? [];
      const missing = texts.filter((t) => !table.has(t));
      if (missing.length) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: `unknown text: ${missing[0]}` }));
        return;
      }
      embedded += texts.length;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: texts.map((t, index) => ({ object: "embedding", index, embedding: table.get(t) })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    /** Texts embedded since the start. */
    embedded: () => embedded,
    /** The service's settings for embedding through this server. */
    env: { EMBEDDINGS_PROVIDER: "openai", EMBEDDINGS_URL: url, EMBEDDINGS_MODEL: TABLE_MODEL, EMBEDDINGS_DIMENSIONS: "512" },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
