import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOIN_LIMITS, limitInvitationGuesses } from "~/server/auth/join-limit";
import { makeInvitation, previewInvitation } from "~/server/domain/teams/invitations";
import { createTeam } from "~/server/domain/teams/teams";
import { env } from "~/server/env";
import { requestListener } from "~/server/http";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { sessionCookie } from "../helpers/session";

/**
 * Guesses of invitation links (/join/<token>, whose page calls team.workspace.preview and
 * accept) on the service's HTTP server: limited per account and per client address like password
 * sign-in (server/auth/join-limit.ts, counters in the database). Clients connect from loopback
 * addresses of their own (127.0.0.x as the connection's source), which the server keys.
 */

const SECRET = "a-test-secret-of-enough-length-0123456789";
const previousSecret = process.env.AUTH_SECRET;
let t: TTestDb;
let server: Server;
let port: number;
let ownerId: number;
let teamId: number;
let token: string;

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  t = await openTestDb();
  const { account: owner } = await createAccount(t.db);
  ownerId = owner.id;
  teamId = (await createTeam(t.db, owner.id, "Guarded Fund")).id;
  token = (await makeInvitation(t.db, ownerId, teamId, { mail: false })).token;
  server = createServer(requestListener(async (_req, res) => void res.writeHead(599).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  process.env.AUTH_SECRET = previousSecret;
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

interface TAnswer {
  status: number;
  retryAfter?: string;
  appCode?: string;
  message?: string;
}

/** A signed-in browser (an account of its own, or the session `cookie`) connecting from `source`. */
async function browser(source: string, signedIn?: string) {
  const cookie = signedIn ?? (await sessionCookie(t.db, (await createAccount(t.db)).account.id, { secret: SECRET })).cookie;
  const call = (method: "GET" | "POST", path: string, body?: string) =>
    new Promise<TAnswer>((resolve, reject) => {
      const headers: Record<string, string> = { cookie, origin: new URL(env().BASE_URL).origin };
      if (body !== undefined) headers["content-type"] = "application/json";
      const req = request({ host: "127.0.0.1", port, localAddress: source, method, path, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          const [first] = JSON.parse(text) as [{ error?: { message: string; data: { appCode?: string } } }];
          const retryAfter = res.headers["retry-after"];
          resolve({ status: res.statusCode!, retryAfter, appCode: first.error?.data.appCode, message: first.error?.message });
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  return {
    cookie,
    preview: (value: string) =>
      call("GET", `/api/trpc/team.workspace.preview?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { token: value } }))}`),
    accept: (value: string) => call("POST", "/api/trpc/team.workspace.accept?batch=1", JSON.stringify({ 0: { token: value } })),
  };
}

const guess = (i: number) => `vmj_guess${i}`;

function expectThrottled(answer: TAnswer): void {
  expect(answer.status).toBe(429);
  expect(answer.appCode).toBe("throttled");
  expect(answer.message).toMatch(/^Too many invitation links that do not exist were tried\. Try again in 1[45] minutes\.$/);
  const seconds = Number(answer.retryAfter);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(800); // the window (15 minutes) began moments ago
  expect(seconds).toBeLessThanOrEqual(900);
}

describe("guessing invitation links", () => {
  it(`an account's ${JOIN_LIMITS.account + 1}th wrong link within the window is a 429, the right one too; another client still joins`, async () => {
    const guesser = await browser("127.0.0.2");
    for (let i = 0; i < JOIN_LIMITS.account; i++) expect((await guesser.preview(guess(i))).status).toBe(404);
    expectThrottled(await guesser.preview(guess(JOIN_LIMITS.account)));
    expectThrottled(await guesser.preview(token));
    expectThrottled(await guesser.accept(guess(99)));

    // The same account from another address is still that account: refused.
    expectThrottled(await (await browser("127.0.0.3", guesser.cookie)).preview(token));
    // Another account from that address previews and accepts the right link.
    const invitee = await browser("127.0.0.3");
    expect(await invitee.preview(token)).toMatchObject({ status: 200 });
    expect(await invitee.accept(token)).toMatchObject({ status: 200 });
  });

  it(`${JOIN_LIMITS.address} wrong links from one address, whichever accounts tried them, lock that address for every account`, async () => {
    const source = "127.0.0.4";
    const perAccount = JOIN_LIMITS.account - 2;
    let tried = 0;
    while (tried < JOIN_LIMITS.address) {
      const account = await browser(source);
      for (let i = 0; i < perAccount && tried < JOIN_LIMITS.address; i++, tried++)
        expect((await account.preview(guess(tried))).status).toBe(404);
    }
    expectThrottled(await (await browser(source)).preview(guess(tried)));
    expect((await (await browser("127.0.0.5")).preview(guess(tried))).status).toBe(404);
  });

  it("links that exist are no guesses: looking one up again and again is never refused", async () => {
    const link = (await makeInvitation(t.db, ownerId, teamId, { mail: false })).token;
    const reader = await browser("127.0.0.6");
    for (let i = 0; i < JOIN_LIMITS.account + 5; i++) expect((await reader.preview(link)).status, `lookup ${i + 1}`).toBe(200);
    // A used link is a real link too: a refusal to take it again is no failed guess.
    expect((await (await browser("127.0.0.7")).accept(link)).status).toBe(200);
    for (let i = 0; i < JOIN_LIMITS.account + 5; i++) expect((await reader.accept(link)).appCode, `accept ${i + 1}`).toBe("conflict");
    expect((await reader.preview(guess(1))).status).toBe(404);
  });

  it("the window slides: once the oldest failure is 15 minutes old, the account may look links up again", async () => {
    const { account } = await createAccount(t.db);
    const who = { accountId: account.id, address: "192.0.2.40" };
    const t0 = Date.UTC(2030, 0, 1);
    const lookUp = (value: string, at: number) =>
      limitInvitationGuesses(t.db, who, () => previewInvitation(t.db, account.id, value), new Date(at));
    for (let i = 0; i < JOIN_LIMITS.account; i++)
      await expect(lookUp(guess(i), t0 + i * 1000)).rejects.toMatchObject({ code: "not_found" });
    await expect(lookUp(token, t0 + 60_000)).rejects.toMatchObject({ code: "throttled", headers: { "Retry-After": "840" } });
    expect(await lookUp(token, t0 + JOIN_LIMITS.windowMs + 1)).toMatchObject({ team: { name: "Guarded Fund" } });
  });
});
