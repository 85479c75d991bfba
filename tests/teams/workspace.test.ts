import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserUser, failure, type TBrowserUser } from "../helpers/trpc";

/** The workspace's team procedures (team.workspace.*), as /settings/team and /join/<token> call them. */

let t: TTestDb;
let owner: TBrowserUser, joiner: TBrowserUser, outsider: TBrowserUser;

beforeAll(async () => {
  t = await openTestDb();
  [owner, joiner, outsider] = [await browserUser(t.db), await browserUser(t.db), await browserUser(t.db)];
});
afterAll(async () => {
  await t?.close();
});

describe("team.workspace", () => {
  it("create, invite, preview and accept, invitations, activity for managers only, roles, leave", async () => {
    expect(await owner.ui.team.workspace.mine()).toBeNull();
    expect(await failure(owner.ui.team.workspace.invite({}))).toBe("not_found");
    const team = await owner.ui.team.workspace.create({ name: "Workspace Fund" });
    expect(await owner.ui.team.workspace.mine()).toMatchObject({ role: "owner", me: owner.account.id, team: { id: team.id } });

    const inv = await owner.ui.team.workspace.invite({ email: "" });
    expect(inv.invitation.email).toBeNull();
    expect((await owner.ui.team.workspace.invitations()).map((i) => i.id)).toEqual([inv.invitation.id]);
    expect(await joiner.ui.team.workspace.preview({ token: inv.token })).toMatchObject({
      team: { name: "Workspace Fund" },
      state: "valid",
      wrong_email: false,
      in_team: false,
    });
    await joiner.ui.team.workspace.accept({ token: inv.token });
    expect(await owner.ui.team.workspace.invitations()).toEqual([]);
    expect(await failure(joiner.ui.team.workspace.preview({ token: "vmj_nope" }))).toBe("not_found");

    // Members read neither invitations nor the activity log; an outsider's calls name no team.
    expect(await failure(joiner.ui.team.workspace.invitations())).toBe("permission_denied");
    expect(await failure(joiner.ui.team.workspace.activity())).toBe("permission_denied");
    expect(await failure(joiner.ui.team.workspace.invite({}))).toBe("permission_denied");
    expect(await failure(outsider.ui.team.workspace.activity())).toBe("not_found");
    expect(await failure(outsider.ui.team.workspace.remove({ accountId: joiner.account.id }))).toBe("not_found");

    await owner.ui.team.workspace.changeRole({ accountId: joiner.account.id, role: "admin" });
    const log = await joiner.ui.team.workspace.activity();
    expect(log.map((a) => a.kind).slice(0, 4)).toEqual(["role_changed", "invitation_used", "joined", "invitation_made"]);
    expect(log.at(-1)).toMatchObject({ kind: "created", actor: { id: owner.account.id } });

    const revoked = await joiner.ui.team.workspace.invite({ email: "someone@example.test" });
    await joiner.ui.team.workspace.revokeInvitation({ id: revoked.invitation.id });
    expect((await outsider.ui.team.workspace.preview({ token: revoked.token })).state).toBe("revoked");

    expect(await failure(owner.ui.team.workspace.leave())).toBe("conflict");
    expect(await joiner.ui.team.workspace.leave()).toEqual({ left: true, team: { id: team.id, name: "Workspace Fund" } });
    expect(await joiner.ui.team.workspace.mine()).toBeNull();
  });

  it("a name another team has is accepted; a line break or other control character in a name is a validation_error", async () => {
    const [a, b, c] = [await browserUser(t.db), await browserUser(t.db), await browserUser(t.db)];
    const first = await a.ui.team.workspace.create({ name: "Shared Name Capital" });
    const second = await b.ui.team.workspace.create({ name: "Shared Name Capital" });
    expect(second.id).not.toBe(first.id);
    for (const name of ["Acme\r\n", "Acme\r\nBcc: victim@example.test", "\u0007Acme"]) {
      expect(await failure(c.ui.team.workspace.create({ name })), JSON.stringify(name)).toBe("validation_error");
    }
    expect(await c.ui.team.workspace.mine()).toBeNull();
  });
});
