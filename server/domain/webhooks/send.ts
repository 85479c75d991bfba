import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkWebhookTarget, ResolveTimeoutError, UnsafeUrlError, type TResolver } from "./address-guard";

/**
 * One HTTP attempt of a delivery: POST of the JSON body to the checked address (the socket connects
 * to the address the guard approved; Host and TLS name stay the URL's host). 10 s for the whole
 * exchange, one deadline for resolving the host (address-guard.ts: c-ares, off the thread pool),
 * connecting and the answer; redirects are not followed (a 3xx is a failure); at most 64 KB of the answer is read
 * and its first 1 KB kept. Kept-alive sockets are reused between attempts to the same host (up to
 * the pool's 64 at once, so that a request never waits in the agent's queue against its timeout).
 */

export const TIMEOUT_MS = 10_000;
const KEEP_BYTES = 1024;
const MAX_READ_BYTES = 64 * 1024;

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
};

export interface TAttemptResult {
  ok: boolean;
  status: number | null;
  /** First 1 KB of the response body (UTF-8, possibly cut). */
  body: string | null;
  /** Why it failed without a usable response. */
  error: string | null;
  durationMs: number;
}

export async function sendOnce(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = TIMEOUT_MS,
  opts: { resolver?: () => TResolver } = {},
): Promise<TAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const deadline = Date.now() + timeoutMs;
  const noAnswer = `no answer within ${Math.round(timeoutMs / 1000)} s`;
  let target;
  try {
    target = await checkWebhookTarget(rawUrl, { deadline, resolver: opts.resolver });
  } catch (err) {
    if (err instanceof ResolveTimeoutError)
      return { ok: false, status: null, body: null, error: `${noAnswer}: the URL ${err.message}`, durationMs: elapsed() };
    if (err instanceof UnsafeUrlError)
      return { ok: false, status: null, body: null, error: `URL refused: ${err.message}`, durationMs: elapsed() };
    throw err;
  }
  const { url, host, address, family } = target;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const protocol = url.protocol as "http:" | "https:";
  const request = protocol === "https:" ? https.request : http.request;
  return new Promise<TAttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<TAttemptResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const req = request(
      {
        protocol,
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        agent: agents[protocol],
        lookup: pinned,
        servername: host,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "VentureMonitor-Webhooks/1",
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (kept < KEEP_BYTES) {
            chunks.push(chunk.subarray(0, KEEP_BYTES - kept));
            kept += Math.min(chunk.length, KEEP_BYTES - kept);
          }
          if (read > MAX_READ_BYTES) res.destroy(); // enough: the rest is not kept anyway
        });
        const done = () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          const redirect = status >= 300 && status < 400;
          finish({
            ok: status >= 200 && status < 300,
            status,
            body: text,
            error: redirect ? `redirect not followed (${status} to ${String(res.headers.location ?? "nowhere").slice(0, 200)})` : null,
          });
        };
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(
      () => {
        req.destroy();
        finish({ ok: false, status: null, body: null, error: noAnswer });
      },
      Math.max(0, deadline - Date.now()),
    );
    req.on("error", (err: NodeJS.ErrnoException) =>
      finish({ ok: false, status: null, body: null, error: `connection failed: ${err.code ?? err.message}` }),
    );
    req.end(body);
  });
}
