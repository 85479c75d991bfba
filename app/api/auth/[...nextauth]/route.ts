import type { NextRequest } from "next/server";
import { deviceCookieHeader, handlers, withSigninOutcome } from "~/server/auth/nextauth";
import { AppError } from "~/server/lib/errors";
import { plural } from "~/server/lib/plural";

export const { GET } = handlers;

/**
 * next-auth's endpoints. A password sign-in (`POST /api/auth/callback/credentials`) refused by the
 * sign-in limit is answered `429 throttled` with `Retry-After` (seconds until the window passes)
 * instead of next-auth's redirect back to the sign-in page, which looks the same as a wrong password's.
 * A successful one also sets the device cookie (server/auth/device-cookie.ts).
 */
export async function POST(req: NextRequest): Promise<Response> {
  const { result, throttled, deviceCookie } = await withSigninOutcome(() => handlers.POST(req));
  if (deviceCookie) {
    const headers = new Headers(result.headers);
    headers.append("Set-Cookie", deviceCookieHeader(deviceCookie));
    return new Response(result.body, { status: result.status, statusText: result.statusText, headers });
  }
  if (!throttled) return result;
  const minutes = Math.max(1, Math.ceil(throttled.retryAfterSeconds / 60));
  const error = new AppError("throttled", `Too many failed sign-in attempts. Try again in ${plural(minutes, "minute")}.`);
  return Response.json(error.toBody(), {
    status: error.status,
    headers: { "Retry-After": String(throttled.retryAfterSeconds), "Cache-Control": "no-store" },
  });
}
