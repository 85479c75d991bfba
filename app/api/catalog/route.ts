import { publicCatalog } from "~/server/api/catalog";
import { jsonResponse } from "~/server/api/rest/handler";
import { env } from "~/server/env";

export const dynamic = "force-dynamic";

/** `GET /` for API clients (proxy.ts sends them here): the public catalog, no authentication. */
export function GET() {
  return jsonResponse(200, { data: publicCatalog(env().BASE_URL) });
}
