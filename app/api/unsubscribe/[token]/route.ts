import { unsubscribeEndpoint } from "~/server/api/unsubscribe";
import { db } from "~/server/db/client";
import { env } from "~/server/env";

export const dynamic = "force-dynamic";

type TParams = { params: Promise<{ token: string }> };

/** One-click unsubscribe (POST) and the way to its page (GET): server/api/unsubscribe.ts. */
export async function POST(req: Request, { params }: TParams): Promise<Response> {
  return unsubscribeEndpoint(await db(), req, (await params).token, env().BASE_URL);
}

export async function GET(req: Request, { params }: TParams): Promise<Response> {
  return unsubscribeEndpoint(await db(), req, (await params).token, env().BASE_URL);
}
