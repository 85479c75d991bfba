import { readFile } from "node:fs/promises";
import { scalarBundle } from "~/server/docs/scalar-bundle";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * The bundle's bytes, read once per process and answered from memory (4 MB): a stream from the
 * file (Readable.toWeb) threw an uncaught "Controller is already closed" when a browser dropped the
 * download half way.
 */
let content: Promise<Uint8Array<ArrayBuffer>> | undefined;

/**
 * Scalar's browser bundle for /docs, from node_modules. Its name carries the version, so browsers
 * keep it for a year without asking again; any other name is a 404.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const bundle = scalarBundle();
  if (file !== bundle.name) {
    return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  content ??= readFile(bundle.file).then(
    (b) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength),
    (error: unknown) => {
      content = undefined;
      throw error;
    },
  );
  return new Response(await content, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "content-length": String(bundle.size),
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
