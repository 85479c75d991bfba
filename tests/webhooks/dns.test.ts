import dns from "node:dns";
import http from "node:http";
import { syncBuiltinESMExports } from "node:module";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkWebhookTarget, type TResolver } from "~/server/domain/webhooks/address-guard";
import { sendOnce } from "~/server/domain/webhooks/send";
import { resetEnvCache } from "~/server/env";

/**
 * Webhook host names are resolved with c-ares (an injected resolver here), never with dns.lookup
 * (libuv's thread pool, shared with scrypt), and within the delivery's one deadline for resolving,
 * connecting and the answer.
 */

/** A resolver answering `answers` after `delayMs` (never, when null), recording its calls. */
function fakeResolver(answers: { v4?: string[]; v6?: string[] }, delayMs: number | null) {
  const asked: string[] = [];
  let cancelled = 0;
  const answer = (list: string[] | undefined) =>
    delayMs === null
      ? new Promise<string[]>(() => {})
      : new Promise<string[]>((resolve, reject) =>
          setTimeout(() => (list ? resolve(list) : reject(Object.assign(new Error("no data"), { code: "ENODATA" }))), delayMs),
        );
  const resolver: TResolver = {
    resolve4: (host) => (asked.push(`A ${host}`), answer(answers.v4)),
    resolve6: (host) => (asked.push(`AAAA ${host}`), answer(answers.v6)),
    cancel: () => void (cancelled += 1),
  };
  return { factory: () => resolver, asked, cancelled: () => cancelled };
}

let lookupCalls: ReturnType<typeof vi.fn>[] = [];
let receiver: http.Server;
let port: number;
let answerDelayMs = 0;
const hosts: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    hosts.push(req.headers.host ?? "");
    req.resume();
    setTimeout(() => res.writeHead(204).end(), answerDelayMs);
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;
  // Every way into getaddrinfo: the callback API (what net uses without a lookup option) and the promise API.
  lookupCalls = [vi.spyOn(dns, "lookup"), vi.spyOn(dns.promises, "lookup")] as unknown as ReturnType<typeof vi.fn>[];
  syncBuiltinESMExports();
});
afterEach(() => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetEnvCache();
  answerDelayMs = 0;
});
afterAll(async () => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
  await new Promise((resolve) => receiver.close(resolve));
});

const expectNoLookup = () => {
  for (const spy of lookupCalls) expect(spy).not.toHaveBeenCalled();
};

describe("webhook DNS resolution", () => {
  it("a resolver that never answers fails the delivery within its budget, without dns.lookup", async () => {
    const dnsServer = fakeResolver({}, null);
    const started = Date.now();
    const r = await sendOnce("https://hooks.slow-dns.example/hook", {}, "{}", 600, { resolver: dnsServer.factory });
    const took = Date.now() - started;
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(
      /^no answer within 1 s: the URL names a host whose address was not found within \d+ ms \(hooks\.slow-dns\.example\)$/,
    );
    expect(took).toBeGreaterThanOrEqual(550);
    expect(took).toBeLessThan(1_500);
    expect(dnsServer.asked.sort()).toEqual(["A hooks.slow-dns.example", "AAAA hooks.slow-dns.example"]);
    expect(dnsServer.cancelled()).toBe(1);
    expectNoLookup();
  });

  it("one deadline covers resolving, connecting and the answer", async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    resetEnvCache();
    const dnsServer = fakeResolver({ v4: ["127.0.0.1"] }, 400);
    answerDelayMs = 400;
    const started = Date.now();
    const r = await sendOnce(`http://receiver.slow.example:${port}/hook`, {}, "{}", 600, { resolver: dnsServer.factory });
    expect(r).toMatchObject({ ok: false, status: null, error: "no answer within 1 s" });
    expect(Date.now() - started).toBeLessThan(950); // 400 ms of DNS + the 200 ms left, not 400 + 600
    expectNoLookup();
  });

  it("connects to the address the resolver gave (pinned), with the URL's host in Host", async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    resetEnvCache();
    const dnsServer = fakeResolver({ v4: ["127.0.0.1"], v6: ["::1"] }, 5);
    const r = await sendOnce(`http://receiver.example:${port}/hook`, {}, "{}", 2_000, { resolver: dnsServer.factory });
    expect(r).toMatchObject({ ok: true, status: 204, error: null });
    expect(hosts.at(-1)).toBe(`receiver.example:${port}`);
    expectNoLookup();
  });

  it("keeps the address check: a name resolving to a private address is refused", async () => {
    const dnsServer = fakeResolver({ v4: ["93.184.215.14"], v6: ["fd00:ec2::254"] }, 5);
    const r = await sendOnce("https://mixed.example/hook", {}, "{}", 2_000, { resolver: dnsServer.factory });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^URL refused: resolves to fd00:ec2::254/);
    const none = fakeResolver({}, 5);
    await expect(checkWebhookTarget("https://nothing.example/", { resolver: none.factory })).rejects.toThrow(
      "names a host whose address could not be found (nothing.example)",
    );
    expectNoLookup();
  });

  it("literal addresses and localhost need no query", async () => {
    const dnsServer = fakeResolver({ v4: ["93.184.215.14"] }, 5);
    await expect(checkWebhookTarget("https://93.184.215.14/x", { resolver: dnsServer.factory })).resolves.toMatchObject({
      address: "93.184.215.14",
      family: 4,
    });
    await expect(
      checkWebhookTarget("https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/x", { resolver: dnsServer.factory }),
    ).resolves.toMatchObject({ family: 6 });
    await expect(checkWebhookTarget("http://localhost:8080/x", { resolver: dnsServer.factory })).rejects.toThrow(
      /resolves to 127\.0\.0\.1/,
    );
    process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    resetEnvCache();
    await expect(checkWebhookTarget("http://LocalHost:8080/x", { resolver: dnsServer.factory })).resolves.toMatchObject({
      address: "127.0.0.1",
      family: 4,
    });
    expect(dnsServer.asked).toEqual([]);
    expectNoLookup();
  });
});
