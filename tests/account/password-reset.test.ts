import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkCredentials } from "~/server/auth/credentials";
import { requestPasswordReset, type TResetRequestResult } from "~/server/auth/password-reset";
import { createUser } from "~/server/domain/accounts/accounts";
import { issuePasswordReset, RESET_LINK_TTL_MS, resetLinkState, resetPassword } from "~/server/domain/accounts/password-reset";
import { closeMail } from "~/server/domain/mail/transport";
import { resetEnvCache } from "~/server/env";
import { hashToken } from "~/server/lib/token-hash";
import { openTestDb, type TTestDb } from "../helpers/db";
import { sessionSignsIn } from "../helpers/session";
import { startSmtp, type TSmtpHarness } from "../helpers/smtp";

/** Whether a session of the account that began at `signedInAt` still signs it in (server/auth/caller.ts). */
const sessionValid = (id: number, signedInAt: number | undefined) => sessionSignsIn(t.db, id, signedInAt);

/**
 * Password reset by e-mail: the request (same answer for any address, limited), the e-mail
 * (multipart, a link under BASE_URL), the link (hashed at rest, one hour, single use) and the reset.
 */

let t: TTestDb;
let smtp: TSmtpHarness;
const savedSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  t = await openTestDb();
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
});
afterAll(async () => {
  closeMail();
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
  resetEnvCache();
  await smtp.stop();
  await t?.close();
});
beforeEach(() => smtp.clear());

let n = 0;
/** A fresh account (and a client address of its own, so the limits of one test never touch another). */
async function account(password = "the-first-password") {
  n += 1;
  const email = `reset-${n}-${Date.now()}@example.test`;
  const created = await createUser(t.db, { email, password });
  return { ...created, address: `198.51.100.${n}` };
}

function accepted(r: TResetRequestResult): Promise<void> {
  if (r.kind !== "accepted") throw new Error(`expected accepted, got ${r.kind}`);
  return r.delivery;
}

/** The link's token from the received e-mail's text part. */
function tokenFrom(text: string | undefined): string {
  const m = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]+)/.exec(text ?? "");
  if (!m) throw new Error(`no reset link in: ${text}`);
  return m[1]!;
}

describe("requesting a reset", () => {
  it("sends a multipart e-mail with a link under BASE_URL to an existing account", async () => {
    const a = await account();
    await accepted(await requestPasswordReset(t.db, { email: `  ${a.email.toUpperCase()} `, address: a.address }));
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual([a.email]);
    expect(mail!.parsed.subject).toBe("Reset your Venture Monitor password");
    expect(mail!.header("content-type")).toMatch(/^multipart\/alternative/);
    const token = tokenFrom(mail!.parsed.text);
    expect(mail!.parsed.html).toContain(`href="http://localhost:3000/reset-password/${token}"`);
    expect(mail!.parsed.text).toContain("within one hour");
    expect(await resetLinkState(t.db, token)).toBe("valid");
  });

  it("answers an unknown address the same way and sends nothing", async () => {
    const r = await requestPasswordReset(t.db, { email: `nobody-${Date.now()}@example.test`, address: "198.51.100.200" });
    expect(r.kind).toBe("accepted");
    await accepted(r);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(0);
  });

  it("answers before the account is even looked up (the work runs after the answer)", async () => {
    const a = await account();
    const r = await requestPasswordReset(t.db, { email: a.email, address: a.address });
    expect(r.kind).toBe("accepted");
    // Nothing issued yet when the answer is there.
    expect(await t.db.passwordReset.count({ where: { accountId: a.id } })).toBe(0);
    await accepted(r);
    expect(await t.db.passwordReset.count({ where: { accountId: a.id } })).toBe(1);
  });

  it("is limited per e-mail (3 in 15 minutes) whether or not it has an account, and per client address", async () => {
    const a = await account();
    const now = new Date();
    for (let i = 0; i < 3; i++) await accepted(await requestPasswordReset(t.db, { email: a.email, address: `203.0.113.${i}` }, now));
    const fourth = await requestPasswordReset(t.db, { email: a.email, address: "203.0.113.99" }, now);
    expect(fourth).toMatchObject({ kind: "throttled" });
    expect((fourth as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(800);
    const ghost = `ghost-${Date.now()}@example.test`;
    for (let i = 0; i < 3; i++) await accepted(await requestPasswordReset(t.db, { email: ghost, address: `203.0.113.${10 + i}` }, now));
    expect((await requestPasswordReset(t.db, { email: ghost, address: "203.0.113.98" }, now)).kind).toBe("throttled");
    // 20 from one address, whatever the e-mails.
    const limits = { email: 3, address: 2, windowMs: 15 * 60_000 };
    await accepted(await requestPasswordReset(t.db, { email: `x1-${Date.now()}@example.test`, address: "192.0.2.77" }, now, limits));
    await accepted(await requestPasswordReset(t.db, { email: `x2-${Date.now()}@example.test`, address: "192.0.2.77" }, now, limits));
    expect((await requestPasswordReset(t.db, { email: `x3-${Date.now()}@example.test`, address: "192.0.2.77" }, now, limits)).kind).toBe(
      "throttled",
    );
    // Once the window has passed, the e-mail may ask again.
    const later = new Date(now.getTime() + 15 * 60_000 + 1000);
    expect((await requestPasswordReset(t.db, { email: a.email, address: "203.0.113.97" }, later)).kind).toBe("accepted");
  });

  it("is not offered without SMTP_URL", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      expect((await requestPasswordReset(t.db, { email: "a@example.test", address: "192.0.2.1" })).kind).toBe("not_configured");
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
    }
  });
});

describe("the link", () => {
  it("stores only a hash of the token", async () => {
    const a = await account();
    const link = (await issuePasswordReset(t.db, a.email))!;
    const rows = await t.db.$queryRaw<{ token_hash: string }[]>`SELECT token_hash FROM password_reset WHERE account_id = ${a.id}`;
    expect(rows).toEqual([{ token_hash: hashToken(link.token) }]);
    expect(JSON.stringify(rows)).not.toContain(link.token);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("sets the new password once: the old password and the link stop working, sessions end", async () => {
    const a = await account();
    const link = (await issuePasswordReset(t.db, a.email))!;
    const before = Math.floor(Date.now() / 1000) - 5;
    expect(await resetPassword(t.db, { token: link.token, password: "a-brand-new-password" })).toEqual({ ok: true, email: a.email });
    expect((await checkCredentials(t.db, { email: a.email, password: "a-brand-new-password" }, a.address)).kind).toBe("ok");
    expect((await checkCredentials(t.db, { email: a.email, password: "the-first-password" }, a.address)).kind).toBe("wrong");
    expect(await sessionValid(a.id, before)).toBe(false);
    expect(await resetLinkState(t.db, link.token)).toBe("used");
    expect(await resetPassword(t.db, { token: link.token, password: "yet-another-password" })).toEqual({ ok: false, state: "used" });
    expect((await checkCredentials(t.db, { email: a.email, password: "a-brand-new-password" }, a.address)).kind).toBe("ok");
  });

  it("expires after one hour", async () => {
    const a = await account();
    const issued = new Date();
    const link = (await issuePasswordReset(t.db, a.email, issued))!;
    expect(link.expiresAt.getTime() - issued.getTime()).toBe(RESET_LINK_TTL_MS);
    const late = new Date(issued.getTime() + RESET_LINK_TTL_MS + 1);
    expect(await resetLinkState(t.db, link.token, new Date(issued.getTime() + RESET_LINK_TTL_MS - 1000))).toBe("valid");
    expect(await resetLinkState(t.db, link.token, late)).toBe("expired");
    expect(await resetPassword(t.db, { token: link.token, password: "a-brand-new-password" }, late)).toEqual({
      ok: false,
      state: "expired",
    });
    expect((await checkCredentials(t.db, { email: a.email, password: "the-first-password" }, a.address)).kind).toBe("ok");
  });

  it("knows no made-up token, and a newer link replaces an older one", async () => {
    expect(await resetLinkState(t.db, "x".repeat(43))).toBe("unknown");
    expect(await resetLinkState(t.db, "../../etc/passwd")).toBe("unknown");
    expect(await resetPassword(t.db, { token: "y".repeat(43), password: "long-enough-pw" })).toEqual({ ok: false, state: "unknown" });
    const a = await account();
    const first = (await issuePasswordReset(t.db, a.email))!;
    const second = (await issuePasswordReset(t.db, a.email))!;
    expect(await resetLinkState(t.db, first.token)).toBe("unknown");
    expect(await resetLinkState(t.db, second.token)).toBe("valid");
  });

  it("refuses a password against the rules without using the link up", async () => {
    const a = await account();
    const link = (await issuePasswordReset(t.db, a.email))!;
    await expect(resetPassword(t.db, { token: link.token, password: "short" })).rejects.toMatchObject({ code: "validation_error" });
    await expect(resetPassword(t.db, { token: link.token, password: "x".repeat(201) })).rejects.toMatchObject({ code: "validation_error" });
    expect(await resetLinkState(t.db, link.token)).toBe("valid");
  });

  it("lets one of two simultaneous submissions win", async () => {
    const a = await account();
    const link = (await issuePasswordReset(t.db, a.email))!;
    const results = await Promise.all([
      resetPassword(t.db, { token: link.token, password: "first-racer-password" }),
      resetPassword(t.db, { token: link.token, password: "second-racer-password" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, state: "used" }]);
  });
});
