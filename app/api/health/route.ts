import { db } from "~/server/db/client";
import { jsonResponse } from "~/server/api/rest/handler";

export const dynamic = "force-dynamic";

/** Liveness and database reachability, for process managers and the test harness. */
export async function GET() {
  try {
    await (
      await db()
    ).$queryRaw`SELECT 1`;
    return jsonResponse(200, { status: "ok" });
  } catch {
    return jsonResponse(503, { status: "unavailable" });
  }
}
