import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvitation, makeInvitation } from "~/server/domain/teams/invitations";
import { createTeam } from "~/server/domain/teams/teams";
import { resetEnvCache } from "~/server/env";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { mailToTestSmtp } from "../helpers/smtp-env";

/** An invitation bound to an e-mail is e-mailed (with SMTP_URL): the link works from the e-mail; none without an address or SMTP. */

const BASE = "https://vm.example";
let t: TTestDb;
const smtp = mailToTestSmtp(BASE);

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("invitation e-mails", () => {
  it("e-mails a bound invitation with its single-use link; an unbound one, or one without SMTP_URL, is not e-mailed", async () => {
    const owner = (await createAccount(t.db)).account;
    const invitee = (await createAccount(t.db)).account;
    const team = await createTeam(t.db, owner.id, `Mail Ventures ${Date.now()}`);

    const bound = await makeInvitation(t.db, owner.id, team.id, { email: invitee.email });
    expect(bound.emailed).toBe(true);
    const [mail] = await smtp().waitFor(1);
    expect(mail!.envelope.to).toEqual([invitee.email]);
    expect(mail!.parsed.subject).toBe(`Join ${team.name} on Venture Monitor`);
    expect(mail!.header("content-type")).toMatch(/^multipart\/alternative/);
    expect(mail!.parsed.text).toContain(bound.url);
    expect(mail!.parsed.html).toContain(`href="${bound.url}"`);
    expect(bound.url.startsWith(`${BASE}/join/`)).toBe(true);
    // The link in the e-mail is the invitation: the invitee accepts with it.
    const token = /\/join\/([A-Za-z0-9_-]+)/.exec(mail!.parsed.text ?? "")![1]!;
    expect((await acceptInvitation(t.db, invitee.id, token)).id).toBe(team.id);

    const unbound = await makeInvitation(t.db, owner.id, team.id);
    expect(unbound.emailed).toBe(false);
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      expect((await makeInvitation(t.db, owner.id, team.id, { email: "someone@example.test" })).emailed).toBe(false);
    } finally {
      process.env.SMTP_URL = smtp().url;
      resetEnvCache();
    }
    expect(smtp().messages).toHaveLength(1);
  });
});
