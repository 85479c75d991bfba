import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runEmailDeliveries } from "~/server/domain/notifications/email";
import { listNotifications, unreadCount } from "~/server/domain/notifications/inbox";
import { inviteToTeam, markTeamInvitationsRead, readExpiredInvitations } from "~/server/domain/notifications/invitations";
import { setPreferences } from "~/server/domain/notifications/preferences";
import { revokeInvitation } from "~/server/domain/teams/invitations";
import { acceptInvitationForMe, invitationsForMe } from "~/server/domain/teams/invitations-for-me";
import { membershipOf } from "~/server/domain/teams/membership";
import { createTeam } from "~/server/domain/teams/teams";
import { createAccount } from "../helpers/api";
import { browserCaller, failure } from "../helpers/trpc";
import { openTestDb, type TTestDb } from "../helpers/db";
import { mailToTestSmtp } from "../helpers/smtp-env";

/**
 * An invitation bound to an existing account's address is also a notification, leading to
 * /settings/team where that account (and only it) accepts it without the link; its e-mail follows
 * the account's choice for invitations and never goes out twice.
 */

const BASE = "https://vm.example";
let t: TTestDb;
const smtp = mailToTestSmtp(BASE);

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function invitationNotifications(accountId: number) {
  return (await listNotifications(t.db, accountId, { limit: 50, offset: 0 })).data.filter((n) => n.kind === "invitation");
}

describe("invitation notifications", () => {
  it("notifies the invited account once, e-mails the link once, and lets only that account accept by id", async () => {
    const owner = (await createAccount(t.db)).account;
    const invitee = (await createAccount(t.db)).account;
    const stranger = (await createAccount(t.db)).account;
    const team = await createTeam(t.db, owner.id, `Notify Ventures ${Date.now()}`);
    const before = smtp().messages.length;

    const made = await inviteToTeam(t.db, owner.id, team.id, invitee.email.toUpperCase());
    expect(made.emailed).toBe(true);
    await smtp().waitFor(before + 1);
    const [n] = await invitationNotifications(invitee.id);
    expect(n).toMatchObject({ kind: "invitation", url: "/settings/team" });
    expect(n!.title).toContain(team.name);
    expect(await unreadCount(t.db, invitee.id)).toBe(1);
    // The invitation's own message was the e-mail: the delivery run sends nothing more.
    await runEmailDeliveries(t.db, { base: BASE });
    expect(smtp().messages.length).toBe(before + 1);

    // Only the bound account sees and accepts it; another account's attempt answers not_found.
    expect((await invitationsForMe(t.db, stranger.id)).map((i) => i.id)).not.toContain(made.invitation.id);
    await expect(acceptInvitationForMe(t.db, stranger.id, made.invitation.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await membershipOf(t.db, stranger.id)).toBeNull();
    const mine = await invitationsForMe(t.db, invitee.id);
    expect(mine).toEqual([expect.objectContaining({ id: made.invitation.id, team: { id: team.id, name: team.name } })]);

    expect((await acceptInvitationForMe(t.db, invitee.id, made.invitation.id)).id).toBe(team.id);
    await markTeamInvitationsRead(t.db, invitee.id, team.id);
    expect(await unreadCount(t.db, invitee.id)).toBe(0);
    expect(await invitationsForMe(t.db, invitee.id)).toEqual([]);
    // Single use: a second acceptance is refused.
    await expect(acceptInvitationForMe(t.db, invitee.id, made.invitation.id)).rejects.toMatchObject({ code: "conflict" });
    expect(await invitationNotifications(stranger.id)).toEqual([]);
  });

  it("follows the account's e-mail choice: a digest gathers it later, off sends nothing; an address without an account only gets the e-mail", async () => {
    const owner = (await createAccount(t.db)).account;
    const digestReader = (await createAccount(t.db)).account;
    const quiet = (await createAccount(t.db)).account;
    const team = await createTeam(t.db, owner.id, `Choice Ventures ${Date.now()}`);
    await setPreferences(t.db, digestReader.id, { kinds: [{ kind: "invitation", email: "daily" }] });
    await setPreferences(t.db, quiet.id, { kinds: [{ kind: "invitation", email: "off" }] });
    const before = smtp().messages.length;

    expect((await inviteToTeam(t.db, owner.id, team.id, digestReader.email)).emailed).toBe(false);
    expect((await inviteToTeam(t.db, owner.id, team.id, quiet.email)).emailed).toBe(false);
    expect(await invitationNotifications(digestReader.id)).toHaveLength(1);
    expect(await invitationNotifications(quiet.id)).toHaveLength(1);
    await runEmailDeliveries(t.db, { base: BASE });
    expect(smtp().messages.length).toBe(before);

    const nobody = `nobody-${Date.now()}@example.test`;
    expect((await inviteToTeam(t.db, owner.id, team.id, nobody)).emailed).toBe(true);
    const mails = await smtp().waitFor(before + 1);
    expect(mails.at(-1)!.envelope.to).toEqual([nobody]);
  });

  it("a withdrawn invitation's notification is read at once; another team's manager cannot withdraw it, nor touch it", async () => {
    const ownerA = (await createAccount(t.db)).account;
    const ownerB = (await createAccount(t.db)).account;
    const invitee = (await createAccount(t.db)).account;
    const teamA = await createTeam(t.db, ownerA.id, `Withdraw A ${Date.now()}`);
    const teamB = await createTeam(t.db, ownerB.id, `Withdraw B ${Date.now()}`);
    const fromA = await inviteToTeam(t.db, ownerA.id, teamA.id, invitee.email);
    await inviteToTeam(t.db, ownerB.id, teamB.id, invitee.email);
    expect(await unreadCount(t.db, invitee.id)).toBe(2);

    // Team B's owner names A's invitation: refused, and the invitee's notification stays unread.
    const uiB = await browserCaller(t.db, ownerB.id);
    expect(await failure(uiB.team.workspace.revokeInvitation({ id: fromA.invitation.id }))).toBe("not_found");
    expect(await unreadCount(t.db, invitee.id)).toBe(2);

    const uiA = await browserCaller(t.db, ownerA.id);
    await uiA.team.workspace.revokeInvitation({ id: fromA.invitation.id });
    const byTeam = Object.fromEntries(
      (await invitationNotifications(invitee.id)).map((n) => [n.title.includes(teamA.name) ? "A" : "B", n.read_at !== null]),
    );
    expect(byTeam).toEqual({ A: true, B: false });
    expect(await unreadCount(t.db, invitee.id)).toBe(1);
  });

  it("an invitation that expired unanswered has its notification read by the next run, out of the digest; others stay", async () => {
    const owner = (await createAccount(t.db)).account;
    const late = (await createAccount(t.db)).account;
    const current = (await createAccount(t.db)).account;
    const team = await createTeam(t.db, owner.id, `Expiry Ventures ${Date.now()}`);
    await setPreferences(t.db, late.id, { kinds: [{ kind: "invitation", email: "daily" }] });
    const expiring = await inviteToTeam(t.db, owner.id, team.id, late.email);
    await inviteToTeam(t.db, owner.id, team.id, current.email);
    // A run before the expiry changes nothing.
    const expiresAt = new Date(expiring.invitation.expires_at);
    await readExpiredInvitations(t.db, new Date(expiresAt.getTime() - 1000));
    expect(await unreadCount(t.db, late.id)).toBe(1);

    await t.db.$executeRaw`UPDATE team_invitation SET expires_at = now() - interval '1 minute' WHERE id = ${expiring.invitation.id}`;
    expect(await invitationsForMe(t.db, late.id)).toEqual([]);
    expect(await readExpiredInvitations(t.db)).toBeGreaterThanOrEqual(1);
    expect(await unreadCount(t.db, late.id)).toBe(0);
    expect((await invitationNotifications(late.id))[0]!.read_at).not.toBeNull();
    // The other invitation is still open: its notification stays unread, and a second run marks nothing of theirs.
    await readExpiredInvitations(t.db);
    expect(await unreadCount(t.db, current.id)).toBe(1);
    // Read, the expired one is not in the daily digest.
    const before = smtp().messages.length;
    await runEmailDeliveries(t.db, { base: BASE, now: new Date(Date.now() + 2 * 86_400_000) });
    expect(
      smtp()
        .messages.slice(before)
        .filter((m) => m.envelope.to.includes(late.email)),
    ).toEqual([]);
  });

  it("refuses, through the workspace's procedures, every invitation id that is not one bound to the caller's address", async () => {
    const owner = (await createAccount(t.db)).account;
    const invitee = (await createAccount(t.db)).account;
    const team = await createTeam(t.db, owner.id, `Probe Ventures ${Date.now()}`);
    const ui = await browserCaller(t.db, invitee.id);
    // An unbound link's id, another address's, a revoked one bound to the caller: none can be taken by id.
    const unbound = await inviteToTeam(t.db, owner.id, team.id, null);
    const other = await inviteToTeam(t.db, owner.id, team.id, `someone-else-${Date.now()}@example.test`);
    expect(await failure(ui.team.workspace.acceptForMe({ id: unbound.invitation.id }))).toBe("not_found");
    expect(await failure(ui.team.workspace.acceptForMe({ id: other.invitation.id }))).toBe("not_found");
    const revoked = await inviteToTeam(t.db, owner.id, team.id, invitee.email);
    await revokeInvitation(t.db, owner.id, team.id, revoked.invitation.id);
    expect(await ui.team.workspace.invitationsForMe()).toEqual([]);
    expect(await failure(ui.team.workspace.acceptForMe({ id: revoked.invitation.id }))).toBe("conflict");
    // Ids that are not ids are refused before any lookup.
    for (const id of [0, -1, 2 ** 31, 1.5, "1", null] as unknown[]) {
      expect(await failure(ui.team.workspace.acceptForMe({ id } as { id: number }))).toBe("validation_error");
    }
    expect(await failure(ui.team.workspace.acceptForMe({ id: unbound.invitation.id, token: "x" } as { id: number }))).toBe(
      "validation_error",
    );
    expect(await membershipOf(t.db, invitee.id)).toBeNull();
  });
});
