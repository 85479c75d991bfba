import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAccess } from "~/server/domain/access/quota";
import { accountById } from "~/server/auth/caller";
import { acceptInvitation, makeInvitation, previewInvitation, revokeInvitation } from "~/server/domain/teams/invitations";
import { addMember, changeRole, createTeam, leaveTeam, removeMember, teamById } from "~/server/domain/teams/teams";
import { teamActivity } from "~/server/domain/teams/activity";
import { hashToken } from "~/server/lib/token-hash";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/** Teams through the domain: roles, the last owner, invitations (single use, expiry, e-mail binding, revoked). */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

const account = async (email?: string) => (await createAccount(t.db, email ? { email } : {})).account;
const code = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (e: any) {
    return e?.code ?? String(e);
  }
  return "no error";
};

describe("membership and roles", () => {
  it("the creator owns the team; one team per account; the group's limit override applies to members", async () => {
    const owner = await account();
    const team = await createTeam(t.db, owner.id, "  Roles Fund ");
    expect(team).toMatchObject({ name: "Roles Fund", members: [{ id: owner.id, role: "owner" }] });
    expect(await code(createTeam(t.db, owner.id, "Another"))).toBe("conflict");
    expect(await code(createTeam(t.db, (await account()).id, ""))).toBe("validation_error");

    await t.db.group.update({ where: { id: team.id }, data: { limitOverride: 1234 } });
    const m = await account();
    await addMember(t.db, team.id, m.id);
    expect(await code(addMember(t.db, team.id, m.id))).toBe("conflict");
    const access = await readAccess(t.db, (await accountById(t.db, m.id))!);
    expect(access.limit).toBe(1234);
  });

  it("a name another team has is no obstacle and says nothing about that team", async () => {
    const first = await createTeam(t.db, (await account()).id, "Acme Capital");
    const same = await createTeam(t.db, (await account()).id, "Acme Capital");
    const cased = await createTeam(t.db, (await account()).id, "acme capital");
    expect(new Set([first.id, same.id, cased.id]).size).toBe(3);
    expect([same.name, cased.name]).toEqual(["Acme Capital", "acme capital"]);
    expect(same.members).toHaveLength(1);
  });

  it("control characters, line and paragraph separators and text-direction marks in a name are a validation_error", async () => {
    const before = await t.db.group.count();
    for (const name of [
      "Acme\r\nBcc: victim@example.test",
      "Acme\n",
      "\tAcme",
      "Ac\u0000me",
      "Acme\u007f",
      "Acme\u0085",
      "A\u2028B",
      "\u202eemca",
      "Acme\u2066x",
    ]) {
      const owner = await account();
      await expect(createTeam(t.db, owner.id, name), JSON.stringify(name)).rejects.toMatchObject({
        code: "validation_error",
        details: { name: [expect.stringContaining("control characters")] },
      });
    }
    expect(await t.db.group.count()).toBe(before);
    expect((await createTeam(t.db, (await account()).id, "Été & Fils \ud83d\ude80")).name).toBe("Été & Fils 🚀");
  });

  it("owners and admins manage; members do not; only owners touch owners; the last owner stays", async () => {
    const owner = await account();
    const admin = await account();
    const member = await account();
    const other = await account();
    const team = await createTeam(t.db, owner.id, "Managers");
    await addMember(t.db, team.id, admin.id, "admin");
    await addMember(t.db, team.id, member.id);
    await addMember(t.db, team.id, other.id);

    expect(await code(changeRole(t.db, member.id, team.id, other.id, "admin"))).toBe("permission_denied");
    expect(await code(removeMember(t.db, member.id, team.id, other.id))).toBe("permission_denied");
    expect(await code(changeRole(t.db, admin.id, team.id, owner.id, "member"))).toBe("permission_denied");
    expect(await code(changeRole(t.db, admin.id, team.id, other.id, "owner"))).toBe("permission_denied");
    await changeRole(t.db, admin.id, team.id, other.id, "admin");
    await changeRole(t.db, admin.id, team.id, other.id, "member");

    // The last owner can neither be demoted, removed, nor leave.
    expect(await code(changeRole(t.db, owner.id, team.id, owner.id, "admin"))).toBe("conflict");
    expect(await code(removeMember(t.db, owner.id, team.id, owner.id))).toBe("conflict");
    expect(await code(leaveTeam(t.db, owner.id))).toBe("conflict");
    await changeRole(t.db, owner.id, team.id, admin.id, "owner");
    await leaveTeam(t.db, owner.id);
    expect((await teamById(t.db, team.id)).members.map((x) => x.id)).not.toContain(owner.id);

    await removeMember(t.db, admin.id, team.id, other.id);
    expect(await code(removeMember(t.db, admin.id, team.id, other.id))).toBe("not_found");
    // Another team's ids: not found.
    const stranger = await account();
    const theirs = await createTeam(t.db, stranger.id, "Strangers");
    expect(await code(removeMember(t.db, admin.id, theirs.id, stranger.id))).toBe("not_found");
    expect(await code(changeRole(t.db, stranger.id, team.id, member.id, "admin"))).toBe("not_found");

    const kinds = (await teamActivity(t.db, team.id)).map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(["created", "joined", "role_changed", "left", "removed"]));
    expect(kinds[0]).toBe("removed"); // newest first
  });
});

describe("invitations", () => {
  it("single use, hashed at rest, refused when used, revoked or expired", async () => {
    const owner = await account();
    const team = await createTeam(t.db, owner.id, "Inviters");
    const made = await makeInvitation(t.db, owner.id, team.id);
    expect(made.url).toMatch(/\/join\/vmj_[A-Za-z0-9_-]+$/);
    const stored = await t.db.teamInvitation.findUniqueOrThrow({ where: { id: made.invitation.id } });
    expect(stored.hash).toBe(hashToken(made.token));
    expect(JSON.stringify(stored)).not.toContain(made.token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(7 * 86_400_000);

    const joiner = await account();
    expect(await previewInvitation(t.db, joiner.id, made.token)).toMatchObject({ team: { id: team.id, name: "Inviters" }, state: "valid" });
    expect((await acceptInvitation(t.db, joiner.id, made.token)).members.map((m) => m.id)).toContain(joiner.id);
    const second = await account();
    expect(await code(acceptInvitation(t.db, second.id, made.token))).toBe("conflict");
    expect((await previewInvitation(t.db, second.id, made.token)).state).toBe("used");

    const revoked = await makeInvitation(t.db, owner.id, team.id);
    await revokeInvitation(t.db, owner.id, team.id, revoked.invitation.id);
    expect(await code(acceptInvitation(t.db, second.id, revoked.token))).toBe("conflict");

    const old = await makeInvitation(t.db, owner.id, team.id, { now: new Date(Date.now() - 8 * 86_400_000) });
    expect((await previewInvitation(t.db, second.id, old.token)).state).toBe("expired");
    expect(await code(acceptInvitation(t.db, second.id, old.token))).toBe("conflict");
    expect(await code(acceptInvitation(t.db, second.id, "vmj_unknown"))).toBe("not_found");

    // Two accepts at once: one wins.
    const race = await makeInvitation(t.db, owner.id, team.id);
    const [a, b] = [await account(), await account()];
    const results = await Promise.all([code(acceptInvitation(t.db, a.id, race.token)), code(acceptInvitation(t.db, b.id, race.token))]);
    expect(results.sort()).toEqual(["conflict", "no error"]);
  });

  it("binds to one e-mail; only owners and admins invite; an account in a team cannot accept", async () => {
    const owner = await account();
    const team = await createTeam(t.db, owner.id, "Bound");
    const invitee = await account(`invitee-${Date.now()}@example.test`);
    const bound = await makeInvitation(t.db, owner.id, team.id, { email: invitee.email.toUpperCase() });
    const wrong = await account();
    expect((await previewInvitation(t.db, wrong.id, bound.token)).wrong_email).toBe(true);
    expect(await code(acceptInvitation(t.db, wrong.id, bound.token))).toBe("permission_denied");
    await acceptInvitation(t.db, invitee.id, bound.token);
    expect(await code(makeInvitation(t.db, invitee.id, team.id))).toBe("permission_denied");
    expect(await code(makeInvitation(t.db, owner.id, team.id, { email: "not-an-email" }))).toBe("validation_error");

    const elsewhere = await account();
    await createTeam(t.db, elsewhere.id, "Elsewhere");
    const open = await makeInvitation(t.db, owner.id, team.id);
    expect((await previewInvitation(t.db, elsewhere.id, open.token)).in_team).toBe(true);
    expect(await code(acceptInvitation(t.db, elsewhere.id, open.token))).toBe("conflict");
    // Still valid for someone else: the refused accept did not use it.
    await acceptInvitation(t.db, (await account()).id, open.token);
  });
});
