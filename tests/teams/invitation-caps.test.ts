import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureAccount } from "~/server/domain/accounts/accounts";
import { runEmailDeliveries } from "~/server/domain/notifications/email";
import { inviteToTeam } from "~/server/domain/notifications/invitations";
import { setPreferences } from "~/server/domain/notifications/preferences";
import { MADE_PER_DAY, MAILED_PER_DAY } from "~/server/domain/teams/invitation-caps";
import { makeInvitation } from "~/server/domain/teams/invitations";
import { createTeam } from "~/server/domain/teams/teams";
import { browserCaller } from "../helpers/trpc";
import { openTestDb, type TTestDb } from "../helpers/db";
import { mailToTestSmtp } from "../helpers/smtp-env";

/**
 * A team's invitations are capped per day (server/domain/teams/invitation-caps.ts): at most
 * MAILED_PER_DAY invitation e-mails, whichever way they go out (the invitation's own message, its
 * notification's e-mail at once or in a digest), and at most MADE_PER_DAY invitations made by its
 * managers. Mail is received by the SMTP server inside this process.
 */
vi.setConfig({ testTimeout: 120_000 });

const BASE = "https://vm.example";
let t: TTestDb;
const smtp = mailToTestSmtp(BASE);
let n = 0;

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function account(): Promise<{ id: number; email: string }> {
  n += 1;
  const email = `cap-${n}-${Date.now()}@fund.test`;
  const a = await ensureAccount(t.db, email);
  return { id: a.id, email };
}

async function teamOf(name: string) {
  const owner = await account();
  const team = await createTeam(t.db, owner.id, `${name} ${Date.now()}`);
  return { owner, team, ui: await browserCaller(t.db, owner.id) };
}

const mailedTo = (addresses: string[]) => smtp().messages.filter((m) => m.envelope.to.some((to) => addresses.includes(to))).length;

describe("invitation e-mails", () => {
  it(`55 invitations to existing accounts send at most ${MAILED_PER_DAY} e-mails that day, whichever way they would go`, async () => {
    const { team, ui } = await teamOf("Mailer Capital");
    const invitees = [];
    for (let i = 0; i < 55; i++) invitees.push(await account());
    const before = smtp().messages.length;

    const made = [];
    for (const invitee of invitees) made.push(await ui.team.workspace.invite({ email: invitee.email }));
    expect(made.filter((m) => m.emailed)).toHaveLength(MAILED_PER_DAY);
    await smtp().waitFor(before + MAILED_PER_DAY);

    // The held-back invitations are not mailed by the notification e-mail run either, today or later.
    expect((await runEmailDeliveries(t.db, { base: BASE })).instant).toBe(0);
    expect((await runEmailDeliveries(t.db, { base: BASE, now: new Date(Date.now() + 2 * 86_400_000) })).instant).toBe(0);
    expect(mailedTo(invitees.map((i) => i.email))).toBe(MAILED_PER_DAY);
    expect(smtp().messages.length).toBe(before + MAILED_PER_DAY);
    expect(await t.db.teamInvitation.count({ where: { teamId: team.id, mailedAt: { not: null } } })).toBe(MAILED_PER_DAY);
    // Each invitee still has the invitation in the workspace.
    expect(await t.db.notification.count({ where: { kind: "invitation", accountId: { in: invitees.map((i) => i.id) } } })).toBe(55);
  });

  it("counts the e-mails of addresses without an account, of notifications sent later at once and of digests on one cap", async () => {
    const { owner, team } = await teamOf("Shared Cap Partners");
    const other = await teamOf("Under Cap Partners");
    const [digestReader, switcher, control] = [await account(), await account(), await account()];
    // Invitations e-mailed in a digest (due within the hour), and one made while e-mail was off; the
    // control's digest comes from a team under its cap.
    const hour = (new Date().getUTCHours() + 1) % 24;
    for (const reader of [digestReader, control]) {
      await setPreferences(t.db, reader.id, { kinds: [{ kind: "invitation", email: "daily" }], digest_hour: hour, time_zone: "UTC" });
    }
    await setPreferences(t.db, switcher.id, { kinds: [{ kind: "invitation", email: "off" }] });
    expect((await inviteToTeam(t.db, owner.id, team.id, digestReader.email)).emailed).toBe(false);
    expect((await inviteToTeam(t.db, owner.id, team.id, switcher.email)).emailed).toBe(false);
    expect((await inviteToTeam(t.db, other.owner.id, other.team.id, control.email)).emailed).toBe(false);
    await setPreferences(t.db, switcher.id, { kinds: [{ kind: "invitation", email: "instant" }] });

    // The cap is reached by invitations to addresses that have no account (their own messages).
    const before = smtp().messages.length;
    const strangers = Array.from({ length: MAILED_PER_DAY + 2 }, (_, i) => `stranger-${i}-${Date.now()}@elsewhere.test`);
    const made = [];
    for (const email of strangers) made.push(await inviteToTeam(t.db, owner.id, team.id, email));
    expect(made.filter((m) => m.emailed)).toHaveLength(MAILED_PER_DAY);
    expect(made.filter((m) => m.held)).toHaveLength(2);
    await smtp().waitFor(before + MAILED_PER_DAY);

    // The digests' hour comes, within the day: the control's digest goes out; neither the capped
    // team's digest nor the switched account's instant e-mail carries its invitations.
    const nextHour = new Date(Date.now() + 3_600_000);
    nextHour.setUTCMinutes(1, 0, 0);
    const counts = await runEmailDeliveries(t.db, { base: BASE, now: nextHour });
    expect(counts).toMatchObject({ instant: 0, digests: 1, failed: 0 });
    const [digest] = await smtp()
      .waitFor(before + MAILED_PER_DAY + 1)
      .then((all) => all.slice(before + MAILED_PER_DAY));
    expect(digest!.envelope.to).toEqual([control.email]);
    expect(digest!.parsed.text).toContain(other.team.name);
    expect(mailedTo([digestReader.email, switcher.email])).toBe(0);
    expect(await t.db.teamInvitation.count({ where: { teamId: team.id, mailedAt: { not: null } } })).toBe(MAILED_PER_DAY);
  });

  it("a team under its cap still has its notification e-mails sent later (at once after a change of mind)", async () => {
    const { owner, team } = await teamOf("Quiet Ventures");
    const switcher = await account();
    await setPreferences(t.db, switcher.id, { kinds: [{ kind: "invitation", email: "off" }] });
    await inviteToTeam(t.db, owner.id, team.id, switcher.email);
    await setPreferences(t.db, switcher.id, { kinds: [{ kind: "invitation", email: "instant" }] });
    const before = smtp().messages.length;
    expect((await runEmailDeliveries(t.db, { base: BASE })).instant).toBe(1);
    await smtp().waitFor(before + 1);
    expect(smtp().to(switcher.email)).toHaveLength(1);
    expect(await t.db.teamInvitation.count({ where: { teamId: team.id, mailedAt: { not: null } } })).toBe(1);
  });
});

describe("making invitations", () => {
  it(`a team's managers make at most ${MADE_PER_DAY} a day, even at once; then 429 throttled saying when`, async () => {
    const { owner, team, ui } = await teamOf("Link Spammers");
    for (let i = 0; i < MADE_PER_DAY - 5; i++) await ui.team.workspace.invite({});
    const parallel = await Promise.allSettled(Array.from({ length: 10 }, () => ui.team.workspace.invite({})));
    expect(parallel.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(await t.db.teamInvitation.count({ where: { teamId: team.id } })).toBe(MADE_PER_DAY);

    const refused = parallel.find((r) => r.status === "rejected")!.reason as {
      code: string;
      message: string;
      cause: { code: string; headers: Record<string, string> };
    };
    expect(refused.code).toBe("TOO_MANY_REQUESTS");
    expect(refused.cause.code).toBe("throttled");
    expect(refused.message).toMatch(
      new RegExp(
        `^This team has made ${MADE_PER_DAY} invitations in the last 24 hours, the most allowed: the next one can be made from \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`,
      ),
    );
    expect(Number(refused.cause.headers["Retry-After"])).toBeGreaterThan(23 * 3600);
    await expect(ui.team.workspace.invite({ email: "one-more@elsewhere.test" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });

    // A day later the team may invite again; the operator's command line is not capped.
    expect(
      (await makeInvitation(t.db, owner.id, team.id, { now: new Date(Date.now() + 86_400_000 + 60_000) })).invitation.id,
    ).toBeGreaterThan(0);
    expect((await makeInvitation(t.db, null, team.id)).invitation.id).toBeGreaterThan(0);
  });
});
