import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { scalarBundle } from "../../../../server/docs/scalar-bundle";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Scalar's browser bundle for /docs, streamed from node_modules. Its name carries the version, so
 * browsers keep it for a year without asking again; any other name is a 404.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const bundle = scalarBundle();
  if (file !== bundle.name) {
    return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const body = Readable.toWeb(createReadStream(bundle.file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "content-length": String(bundle.size),
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
