import { jsonResponse } from "~/server/api/rest/handler";
import { openApiDocument } from "~/server/api/rest/openapi";
import { env } from "~/server/env";

export const dynamic = "force-dynamic";

export function GET() {
  return jsonResponse(200, openApiDocument(env().BASE_URL));
}
