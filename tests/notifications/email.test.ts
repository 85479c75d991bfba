import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureAccount } from "~/server/domain/accounts/accounts";
import { runEmailDeliveries } from "~/server/domain/notifications/email";
import { notify } from "~/server/domain/notifications/notify";
import { setPreferences } from "~/server/domain/notifications/preferences";
import { readUnsubscribeToken, unsubscribe } from "~/server/domain/notifications/unsubscribe";
import { digestPeriod } from "~/server/domain/notifications/digest-period";
import { resetEnvCache } from "~/server/env";
import { unsubscribeEndpoint } from "~/server/api/unsubscribe";
import { openTestDb, type TTestDb } from "../helpers/db";
import { startSmtp } from "../helpers/smtp";
import { mailToTestSmtp } from "../helpers/smtp-env";

/**
 * Notifications by e-mail (docs/notifications.md), received by a real SMTP server in this process:
 * instant e-mails and digests (multipart, absolute links, one-click unsubscribe), the digest
 * schedule in the account's time zone, exactly once per period, also across a `vmon worker`
 * stopped with SIGTERM in the middle of a run and started again.
 */
vi.setConfig({ testTimeout: 120_000 });

const BASE = "https://vm.example";
let t: TTestDb;
const smtp = mailToTestSmtp(BASE);
let n = 0;

beforeAll(async () => {
  t = await openTestDb();
});
afterEach(() => smtp().clear());
afterAll(async () => {
  await t?.close();
});

async function account(): Promise<{ id: number; email: string }> {
  n += 1;
  const email = `mail-${n}-${Date.now()}@fund.test`;
  const a = await ensureAccount(t.db, email);
  return { id: a.id, email };
}

async function notified(accountId: number, kind: "mention" | "saved_filter" | "radar_update", createdAt?: Date) {
  n += 1;
  const id = (await notify(t.db, accountId, {
    kind,
    subjectKey: `${kind}:${n}`,
    title: `Item ${n} <b>for</b> you`,
    body: `Details of item ${n}`,
    url: `/cards/card-${n}`,
  }))!;
  if (createdAt) await t.db.notification.update({ where: { id }, data: { createdAt } });
  return id;
}

/** The token with its last character changed (a signature that no longer matches). */
const flipLast = (token: string) => token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");

const run = (now?: Date) => runEmailDeliveries(t.db, { base: BASE, now });

describe("notification e-mails", () => {
  it("sends an instant kind at once: multipart, escaped, absolute links, one-click unsubscribe; never twice", async () => {
    const a = await account();
    await notified(a.id, "mention");
    expect(await run()).toMatchObject({ instant: 1, failed: 0 });
    const [mail] = smtp().to(a.email);
    expect(smtp().to(a.email)).toHaveLength(1);
    expect(mail!.header("content-type")).toMatch(/^multipart\/alternative/);
    expect(mail!.parsed.subject).toMatch(/^Item \d+ <b>for<\/b> you$/);
    expect(mail!.parsed.html).toContain("&lt;b&gt;for&lt;/b&gt;");
    expect(mail!.parsed.text).toMatch(new RegExp(`${BASE}/cards/card-\\d+`));
    expect(mail!.parsed.html).toMatch(new RegExp(`href="${BASE}/cards/card-\\d+"`));
    expect(mail!.parsed.html).not.toMatch(/<img/i);
    expect(mail!.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.header("list-unsubscribe")).toMatch(new RegExp(`^<${BASE}/api/unsubscribe/${a.id}\\.mention\\.[A-Za-z0-9_-]{43}>$`));
    expect(await run()).toMatchObject({ instant: 0, digests: 0 });
    expect(smtp().to(a.email)).toHaveLength(1);
  });

  it("gathers digest kinds at the account's hour in its time zone, one digest per period", async () => {
    const a = await account();
    await setPreferences(t.db, a.id, { digest_hour: 8, time_zone: "Europe/Berlin" });
    // 08:00 in Berlin is 07:00 UTC in November.
    const before = await notified(a.id, "saved_filter", new Date("2026-11-27T05:00:00Z"));
    const radar = await notified(a.id, "radar_update", new Date("2026-11-27T06:00:00Z"));
    const later = await notified(a.id, "saved_filter", new Date("2026-11-28T06:45:00Z"));
    // 07:50 in Berlin on the 28th: the period of the 27th 08:00, holding what came before it.
    expect(await run(new Date("2026-11-28T06:50:00Z"))).toMatchObject({ digests: 1 });
    const [first] = smtp().to(a.email);
    expect(first!.parsed.subject).toBe("Your daily Venture Monitor digest: 2 updates");
    expect(first!.parsed.text).toContain("Saved filters");
    expect(first!.parsed.text).toContain("Radar updates");
    expect(first!.header("list-unsubscribe")).toMatch(new RegExp(`/api/unsubscribe/${a.id}\\.daily\\.`));
    const emailed = await t.db.notification.findMany({ where: { id: { in: [before, radar, later] } }, orderBy: { id: "asc" } });
    expect(emailed.map((x) => x.emailedAt !== null)).toEqual([true, true, false]);
    expect(await run(new Date("2026-11-28T06:55:00Z"))).toMatchObject({ digests: 0 });
    // 08:05 in Berlin: the period of the 28th, with the item of 07:45.
    expect(await run(new Date("2026-11-28T07:05:00Z"))).toMatchObject({ digests: 1 });
    expect(await run(new Date("2026-11-28T09:00:00Z"))).toMatchObject({ digests: 0 });
    expect(
      smtp()
        .to(a.email)
        .map((m) => m.parsed.subject),
    ).toEqual(["Your daily Venture Monitor digest: 2 updates", "Your daily Venture Monitor digest: 1 update"]);
    expect(await t.db.mailDigest.count({ where: { accountId: a.id } })).toBe(2);
  });

  it("weekly digests start on Mondays at the hour; read notifications and off kinds are not e-mailed", async () => {
    expect(digestPeriod(new Date("2026-11-28T12:00:00Z"), "weekly", 8, "UTC").key).toBe("weekly:2026-11-23");
    expect(digestPeriod(new Date("2026-11-30T07:59:00Z"), "weekly", 8, "UTC").key).toBe("weekly:2026-11-23");
    expect(digestPeriod(new Date("2026-11-30T08:00:00Z"), "weekly", 8, "UTC")).toEqual({
      key: "weekly:2026-11-30",
      start: new Date("2026-11-30T08:00:00Z"),
    });
    expect(digestPeriod(new Date("2026-11-28T03:00:00Z"), "daily", 8, "America/New_York").start).toEqual(new Date("2026-11-27T13:00:00Z"));

    const a = await account();
    await setPreferences(t.db, a.id, { kinds: [{ kind: "mention", email: "off" }] });
    await notified(a.id, "mention");
    const read = await notified(a.id, "saved_filter", new Date(Date.now() - 3 * 24 * 3600_000));
    await t.db.notification.update({ where: { id: read }, data: { readAt: new Date() } });
    await run();
    expect(smtp().to(a.email)).toEqual([]);
  });

  it("an unsubscribe link turns off what it names, for its own account only; a changed link does nothing", async () => {
    const a = await account();
    await notified(a.id, "saved_filter", new Date(Date.now() - 3 * 24 * 3600_000));
    await notified(a.id, "mention");
    await run();
    const links = smtp()
      .to(a.email)
      .map((m) => /\/api\/unsubscribe\/([^>]+)>/.exec(m.header("list-unsubscribe") ?? "")![1]!);
    expect(links).toHaveLength(2);
    const daily = links.find((l) => l.includes(".daily."))!;
    expect(await readUnsubscribeToken(t.db, daily)).toMatchObject({ accountId: a.id, email: a.email, scope: "daily" });

    const b = await account();
    const forged = [daily.replace(/^\d+/, String(b.id)), flipLast(daily), daily.replace(".daily.", ".weekly."), "1.mention.x"];
    for (const token of forged) expect(await unsubscribe(t.db, token)).toBeNull();

    expect((await unsubscribe(t.db, daily))!.kinds.sort()).toEqual(["radar_update", "saved_filter"]);
    const prefs = await t.db.notificationPreference.findMany({ where: { accountId: a.id }, orderBy: { kind: "asc" } });
    expect(prefs.map((p) => [p.kind, p.email])).toEqual([
      ["radar_update", "off"],
      ["saved_filter", "off"],
    ]);
    expect(await t.db.notificationPreference.count({ where: { accountId: b.id } })).toBe(0);
  });

  it("the List-Unsubscribe address: one-click POST unsubscribes, a browser's post returns to the page, GET changes nothing", async () => {
    const a = await account();
    await notified(a.id, "mention");
    await run();
    const url = /<([^>]+)>/.exec(smtp().to(a.email)[0]!.header("list-unsubscribe")!)![1]!;
    const token = url.slice(`${BASE}/api/unsubscribe/`.length);
    const call = (method: string, accept?: string) =>
      unsubscribeEndpoint(
        t.db,
        new Request(url, {
          method,
          headers: { "content-type": "application/x-www-form-urlencoded", ...(accept ? { accept } : {}) },
          body: method === "POST" ? "List-Unsubscribe=One-Click" : undefined,
        }),
        token,
        BASE,
      );
    const get = await call("GET", "text/html");
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe(`${BASE}/unsubscribe/${token}`);
    expect(await t.db.notificationPreference.count({ where: { accountId: a.id } })).toBe(0);

    const oneClick = await call("POST");
    expect(oneClick.status).toBe(200);
    expect((await t.db.notificationPreference.findMany({ where: { accountId: a.id } })).map((p) => [p.kind, p.email])).toEqual([
      ["mention", "off"],
    ]);
    const fromPage = await call("POST", "text/html,application/xhtml+xml");
    expect(fromPage.headers.get("location")).toBe(`${BASE}/unsubscribe/${token}?done=1`);
    const bad = await unsubscribeEndpoint(t.db, new Request(url, { method: "POST" }), flipLast(token), BASE);
    expect(bad.status).toBe(404);
    // Hostile tokens: never followed off the site, never a 500, nothing turned off; a big body is not read.
    for (const hostile of [
      "//evil.example",
      "@evil.example/x",
      "%2F%2Fevil.example",
      "..%2F..%2Fsignin",
      "x".repeat(10_000),
      `${a.id}.mention.${"A".repeat(43)}`,
    ]) {
      for (const accept of ["text/html", undefined]) {
        const r = await unsubscribeEndpoint(
          t.db,
          new Request(`${BASE}/api/unsubscribe/x`, { method: "POST", headers: accept ? { accept } : {}, body: "x".repeat(100_000) }),
          hostile,
          BASE,
        );
        if (accept) expect(r.headers.get("location")!.startsWith(`${BASE}/unsubscribe/`), hostile).toBe(true);
        else expect(r.status, hostile).toBe(404);
      }
      expect(
        new URL((await unsubscribeEndpoint(t.db, new Request(`${BASE}/api/unsubscribe/x`), hostile, BASE)).headers.get("location")!).origin,
      ).toBe(BASE);
    }
  });

  it("sends nothing without SMTP_URL", async () => {
    const a = await account();
    await notified(a.id, "mention");
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      expect(await run()).toEqual({ instant: 0, digests: 0, failed: 0 });
    } finally {
      process.env.SMTP_URL = smtp().url;
      resetEnvCache();
    }
    await run();
    expect(smtp().to(a.email)).toHaveLength(1);
  });
});

describe("vmon worker and digests", () => {
  it("stopped with SIGTERM in the middle of a digest run and started again, sends each digest exactly once", async () => {
    const slow = await startSmtp({ delayMs: 600 });
    const accounts: { id: number; email: string }[] = [];
    // More accounts than a stop can finish: it lets the messages in hand go out, one per lane.
    for (let i = 0; i < 12; i++) {
      const a = await account();
      await notified(a.id, "saved_filter", new Date(Date.now() - 3 * 24 * 3600_000));
      await notified(a.id, "radar_update", new Date(Date.now() - 3 * 24 * 3600_000));
      accounts.push(a);
    }
    const mine = () => slow.messages.filter((m) => accounts.some((a) => m.envelope.to.includes(a.email)));
    const worker = () =>
      spawn(process.execPath, ["bin/vmon.js", "worker"], {
        env: { ...process.env, DATABASE_URL: t.url, VMON_DATABASE_URL: undefined, SMTP_URL: slow.url, BASE_URL: BASE, LOG_LEVEL: "error" },
        stdio: ["ignore", "pipe", "pipe"],
      });
    const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    try {
      const first = worker();
      const firstExit = exited(first);
      await expect.poll(() => mine().length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
      first.kill("SIGTERM");
      expect(await firstExit).toBe(0);
      const sentBefore = mine().length;
      expect(sentBefore).toBeLessThan(accounts.length);

      const second = worker();
      const secondExit = exited(second);
      await expect.poll(() => mine().length, { timeout: 60_000, interval: 200 }).toBe(accounts.length);
      // A further run finds nothing left to send.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      second.kill("SIGTERM");
      await secondExit;
      for (const a of accounts) {
        const got = mine().filter((m) => m.envelope.to.includes(a.email));
        expect(got.map((m) => m.parsed.subject)).toEqual(["Your daily Venture Monitor digest: 2 updates"]);
      }
      expect(await t.db.mailDigest.count({ where: { accountId: { in: accounts.map((a) => a.id) } } })).toBe(accounts.length);
    } finally {
      await slow.stop();
    }
  });
});
