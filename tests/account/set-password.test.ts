import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCredentials } from "~/server/auth/credentials";
import { createUser, setPassword } from "~/server/domain/accounts/accounts";
import { openTestDb, type TTestDb } from "../helpers/db";
import { sessionSignsIn } from "../helpers/session";

/** Whether a session of the account that began at `signedInAt` still signs it in (server/auth/caller.ts). */
const sessionValid = (id: number, signedInAt: number | undefined) => sessionSignsIn(t.db, id, signedInAt);

/** `vmon users set-password`: the new password signs in, the old one no longer does, and earlier sessions end. */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

describe("setPassword", () => {
  it("replaces the password: the new one signs in, the old one is refused", async () => {
    const email = `set-pw-${Date.now()}@example.test`;
    await createUser(t.db, { email, password: "the-first-password" });
    await setPassword(t.db, { email: email.toUpperCase(), password: "the-second-password" });
    expect((await checkCredentials(t.db, { email, password: "the-second-password" }, "192.0.2.10")).kind).toBe("ok");
    expect((await checkCredentials(t.db, { email, password: "the-first-password" }, "192.0.2.10")).kind).toBe("wrong");
  });

  it("ends the sessions signed in before it, keeps those signed in after", async () => {
    const email = `set-pw-sessions-${Date.now()}@example.test`;
    const account = await createUser(t.db, { email, password: "the-first-password" });
    const before = seconds(new Date()) - 5;
    // No password change yet: any session of the account is valid, also one from before this code.
    expect(await sessionValid(account.id, before)).toBe(true);
    expect(await sessionValid(account.id, undefined)).toBe(true);

    const changed = await setPassword(t.db, { email, password: "the-second-password" });
    expect(await sessionValid(account.id, before)).toBe(false);
    expect(await sessionValid(account.id, undefined)).toBe(false);
    expect(await sessionValid(account.id, seconds(changed.sessionsValidFrom!))).toBe(true);
    expect(await sessionValid(account.id, seconds(changed.sessionsValidFrom!) + 60)).toBe(true);
  });

  it("a session of an account that no longer exists is not valid", async () => {
    expect(await sessionValid(2_000_000_000, seconds(new Date()))).toBe(false);
  });

  it("refuses a short password and an unknown e-mail, changing nothing", async () => {
    const email = `set-pw-bad-${Date.now()}@example.test`;
    await createUser(t.db, { email, password: "the-first-password" });
    await expect(setPassword(t.db, { email, password: "short" })).rejects.toMatchObject({ code: "validation_error" });
    await expect(setPassword(t.db, { email: `nobody-${Date.now()}@example.test`, password: "long-enough-1" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await checkCredentials(t.db, { email, password: "the-first-password" }, "192.0.2.11")).kind).toBe("ok");
  });
});
