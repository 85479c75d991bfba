import type { TDb } from "~/server/db/client";
import { membershipOf } from "./membership";
import type { TTeamRole } from "./roles";

/**
 * The card page's team panel (DESIGN section 16): the caller's team, their role, the team's shared
 * folders that hold the card and the teammates who liked it. A like is its owner's own data
 * elsewhere; the panel shows it to the owner's current teammates only, by design. An account in
 * no team gets null after one read of its membership (by primary key) and nothing else.
 *
 * Two index reads: folder_card by card (its `card_id` index), each folder checked by primary key
 * for the team and `team` visibility; and the team's members (the `account.group_id` index), each
 * probed in card_like by primary key (account, card). A member who left or was removed is no
 * longer in the team, so their like vanishes from the next read; the folders they shared stay with
 * the team.
 */

interface TPanelAccount {
  id: number;
  email: string;
  name: string | null;
}

export interface TCardTeamPanel {
  team: { id: number; name: string };
  role: TTeamRole;
  /** The caller's account id (which comments are theirs). */
  me: number;
  folders: { id: number; name: string; owner: TPanelAccount }[];
  /** Teammates other than the caller who liked the card, by name or e-mail. */
  liked_by: TPanelAccount[];
}

export async function cardTeamPanel(db: TDb, accountId: number, cardId: number): Promise<TCardTeamPanel | null> {
  const m = await membershipOf(db, accountId);
  if (!m) return null;
  const [folders, likes] = await Promise.all([
    db.$queryRaw<{ id: number; name: string; owner_id: number; owner_email: string; owner_name: string | null }[]>`
      SELECT f.id, f.name, o.id AS owner_id, o.email AS owner_email, o.name AS owner_name
      FROM folder_card fc
      JOIN folder f ON f.id = fc.folder_id
      JOIN account o ON o.id = f.account_id
      WHERE fc.card_id = ${cardId} AND f.team_id = ${m.teamId} AND f.visibility = 'team'
      ORDER BY lower(f.name), f.id`,
    db.$queryRaw<TPanelAccount[]>`
      SELECT a.id, a.email, a.name
      FROM account a
      JOIN card_like l ON l.account_id = a.id AND l.card_id = ${cardId}
      WHERE a.group_id = ${m.teamId} AND a.id <> ${accountId}
      ORDER BY lower(coalesce(a.name, a.email)), a.id`,
  ]);
  return {
    team: { id: m.teamId, name: m.teamName },
    role: m.role,
    me: accountId,
    folders: folders.map((f) => ({ id: f.id, name: f.name, owner: { id: f.owner_id, email: f.owner_email, name: f.owner_name } })),
    liked_by: likes,
  };
}
