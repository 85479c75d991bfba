import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { networkASnapshot, networkBSnapshot } from "../snapshot";
import { SOURCE_NAMES, type TSource } from "../types";
import { ConnectorError, notFound, type TConnector, type TConnectorResult, type TResolveRequest } from "./types";

/**
 * The `http` connector (RADAR_CONNECTOR=http, RADAR_CONNECTOR_URL=<base>): an external enrichment
 * service answering two JSON calls (docs/radar.md has the contract):
 *
 *   POST <base>/resolve   {source, identifiers: [{ref, kind, value}]}  → {results: [{ref, profile|null, error?}]}
 *   POST <base>/profiles  {source, ids: ["<external id>", ...]}       → {results: [{id, profile|null}]}
 *
 * `profile` is a network_a profile in the spec's Network profile shape (+ optional skills) or a
 * network_b profile in the import format's network_b_profile shape. Every call has a timeout
 * (AbortSignal.timeout); network errors, timeouts, 429 and 5xx are retried a bounded number of
 * times with exponential backoff; any other status or an answer that is not that JSON fails the
 * call with a ConnectorError, so the worker never hangs and records the reason.
 */

export interface THttpConnectorOptions {
  url: string;
  timeoutMs?: number;
  /** Retries after the first attempt (so at most retries + 1 requests). */
  retries?: number;
  backoffMs?: number;
}

const MAX_ANSWER_BYTES = 20_000_000;
const zText = z.string().nullish();
const zItems = z.array(z.unknown()).nullish();

const ZNetworkAProfile = z.looseObject({
  id: z.union([z.string().min(1), z.number().int()]),
  name: zText,
  headline: zText,
  summary: zText,
  location: zText,
  network_a: z.looseObject({ url: zText, image_url: zText, urn: zText }).nullish(),
  education: zItems,
  experience: zItems,
  skills: zItems,
});

const ZNetworkBProfile = z.looseObject({
  user_id: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]),
  username: zText,
  name: zText,
  bio: zText,
  location: zText,
  url: zText,
  followers: z.number().nullish(),
  recent_posts: zItems,
  followed_accounts: zItems,
});

const ZItemError = z.looseObject({ code: z.string().optional(), message: z.string().optional() }).nullish();
const ZResolveAnswer = z.looseObject({
  results: z.array(z.looseObject({ ref: z.number(), profile: z.unknown().optional(), error: ZItemError })),
});
const ZProfilesAnswer = z.looseObject({
  results: z.array(z.looseObject({ id: z.union([z.string(), z.number()]).transform(String), profile: z.unknown().optional() })),
});

function snapshotOf(source: TSource, profile: unknown): TConnectorResult {
  const parsed = source === "network_a" ? ZNetworkAProfile.safeParse(profile) : ZNetworkBProfile.safeParse(profile);
  if (!parsed.success) {
    return {
      ok: false,
      code: "connector_invalid_response",
      message: `The enrichment service sent an invalid ${SOURCE_NAMES[source]} profile.`,
    };
  }
  const snapshot =
    source === "network_a"
      ? networkASnapshot(parsed.data as z.infer<typeof ZNetworkAProfile>)
      : networkBSnapshot(parsed.data as z.infer<typeof ZNetworkBProfile>);
  return { ok: true, snapshot };
}

/** A per-item error of the service, kept short and with a code of our alphabet. */
function remoteError(code: string | undefined, message: string): TConnectorResult {
  const safe = code && /^[a-z0-9_]{1,64}$/.test(code) ? code : "profile_not_found";
  return { ok: false, code: safe, message: message.slice(0, 500) };
}

const retryable = (status: number) => status === 429 || status >= 500;

async function postJson(opts: Required<THttpConnectorOptions>, path: string, payload: unknown): Promise<unknown> {
  const url = `${opts.url.replace(/\/+$/, "")}${path}`;
  let last: ConnectorError | undefined;
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    if (attempt > 0) await sleep(opts.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
    let status = 0;
    let text = "";
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      const timedOut = (err as Error).name === "TimeoutError" || (err as Error).name === "AbortError";
      last = timedOut
        ? new ConnectorError("connector_timeout", `The enrichment service did not answer within ${opts.timeoutMs} ms.`)
        : new ConnectorError("connector_unavailable", `The enrichment service could not be reached (${(err as Error).message}).`);
      continue;
    }
    if (retryable(status)) {
      last = new ConnectorError("connector_unavailable", `The enrichment service answered HTTP ${status}.`);
      continue;
    }
    if (status < 200 || status >= 300) throw new ConnectorError("connector_unavailable", `The enrichment service answered HTTP ${status}.`);
    if (text.length > MAX_ANSWER_BYTES)
      throw new ConnectorError("connector_invalid_response", "The enrichment service's answer is too large.");
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ConnectorError("connector_invalid_response", "The enrichment service's answer is not JSON.");
    }
  }
  throw last ?? new ConnectorError("connector_unavailable", "The enrichment service could not be reached.");
}

function parseAnswer<T extends z.ZodType>(schema: T, answer: unknown): z.infer<T> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw new ConnectorError("connector_invalid_response", "The enrichment service's answer does not follow the contract.");
  return parsed.data;
}

export function httpConnector(options: THttpConnectorOptions): TConnector {
  const opts: Required<THttpConnectorOptions> = { timeoutMs: 10_000, retries: 2, backoffMs: 250, ...options };
  return {
    name: "http",
    async resolve(source, requests: TResolveRequest[]) {
      const identifiers = requests.map((r) => ({ ref: r.ref, kind: r.kind, value: r.identifier }));
      const answer = parseAnswer(ZResolveAnswer, await postJson(opts, "/resolve", { source, identifiers }));
      const byRef = new Map(answer.results.map((r) => [r.ref, r]));
      const out = new Map<number, TConnectorResult>();
      for (const r of requests) {
        const item = byRef.get(r.ref);
        if (!item)
          out.set(r.ref, {
            ok: false,
            code: "connector_invalid_response",
            message: "The enrichment service sent no result for this profile.",
          });
        else if (item.profile === undefined || item.profile === null) {
          out.set(
            r.ref,
            item.error?.message ? remoteError(item.error.code, item.error.message) : notFound(source, `${r.kind} '${r.identifier}'`),
          );
        } else out.set(r.ref, snapshotOf(source, item.profile));
      }
      return out;
    },
    async fetch(source, externalIds) {
      const answer = parseAnswer(ZProfilesAnswer, await postJson(opts, "/profiles", { source, ids: externalIds }));
      const byId = new Map(answer.results.map((r) => [r.id, r]));
      const out = new Map<string, TConnectorResult>();
      for (const id of externalIds) {
        const profile = byId.get(id)?.profile;
        out.set(id, profile === undefined || profile === null ? notFound(source, `id ${id}`) : snapshotOf(source, profile));
      }
      return out;
    },
  };
}
