import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { forgetCommentExcerpt, logCardActivity } from "./activity";
import { mentionHandle, mentionHandles, namesAccount } from "./mention-handles";
import { membershipOf, requireMembership } from "./membership";
import { mayManage } from "./roles";

/**
 * A card's comment thread, per team (DESIGN section 16): only the members of the author's team see
 * it; an account in no team sees an empty thread and cannot comment. Text up to 5,000 characters;
 * authors edit and delete their own comments, owners and admins delete any. `@` followed by a
 * teammate's e-mail, or the part of it before the `@`, mentions them (mention-handles.ts): writing a
 * comment returns the ids of the teammates it mentions (`mentioned`; an edit, the newly mentioned),
 * whom the procedure notifies (notifications/mentions.ts). A comment posted is an entry of the
 * team's activity log, with an excerpt of its words, which its deletion takes out again.
 */

const MAX_COMMENT = 5000;
/** How much of a comment the team's activity log quotes. */
const EXCERPT_CHARS = 140;

function excerptOf(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > EXCERPT_CHARS ? `${t.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : t;
}

export interface TComment {
  id: number;
  card_id: number;
  author: { id: number; email: string; name: string | null };
  text: string;
  created_at: string;
  updated_at: string;
}

type TRow = {
  id: number;
  cardId: number;
  text: string;
  createdAt: Date;
  updatedAt: Date;
  author: { id: number; email: string; name: string | null };
};

const AUTHOR = { author: { select: { id: true, email: true, name: true } } } as const;

const toComment = (r: TRow): TComment => ({
  id: r.id,
  card_id: r.cardId,
  author: r.author,
  text: r.text,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

function commentText(text: string): string {
  const t = text.trim();
  if (t.length === 0) throw validationError("text", "must not be empty");
  if (t.length > MAX_COMMENT) throw validationError("text", `must be at most ${MAX_COMMENT} characters`);
  if (t.includes("\u0000")) throw validationError("text", "must not contain NUL characters");
  return t;
}

async function cardIdOf(db: TDb, card: number | string): Promise<number> {
  const row =
    typeof card === "number"
      ? await db.card.findUnique({ where: { id: card }, select: { id: true } })
      : await db.card.findUnique({ where: { slug: card }, select: { id: true } });
  if (!row) throw notFound("Card");
  return row.id;
}

/** The teammates (other than the author) that `text` mentions (mention-handles.ts). */
async function mentionedIn(db: TDb, teamId: number, authorId: number, text: string): Promise<number[]> {
  const handles = mentionHandles(text);
  if (handles.size === 0) return [];
  const members = await db.account.findMany({ where: { groupId: teamId, id: { not: authorId } }, select: { id: true, email: true } });
  return members.filter((m) => namesAccount(handles, m.email)).map((m) => m.id);
}

export interface TMentionable {
  id: number;
  email: string;
  name: string | null;
  /** What follows the `@` that mentions this teammate and no one else. */
  handle: string;
}

/**
 * The teammates the caller can mention, by name then e-mail, each with the handle that mentions
 * them alone (the comment box's autocomplete inserts it); empty for an account in no team. The
 * caller is left out: a comment never notifies its author.
 */
export async function mentionableTeammates(db: TDb, accountId: number): Promise<TMentionable[]> {
  const m = await membershipOf(db, accountId);
  if (!m) return [];
  const members = await db.account.findMany({
    where: { groupId: m.teamId, id: { not: accountId } },
    select: { id: true, email: true, name: true },
  });
  const emails = members.map((a) => a.email);
  return members
    .flatMap((a) => {
      const handle = mentionHandle(a.email, emails);
      return handle === null ? [] : [{ id: a.id, email: a.email, name: a.name, handle }];
    })
    .sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email) || a.email.localeCompare(b.email));
}

/** The caller's team's thread on a card, newest first (empty when the caller is in no team; 404 for an unknown card). */
export async function listComments(
  db: TDb,
  accountId: number,
  card: number | string,
  page: { limit: number; offset: number },
): Promise<{ data: TComment[]; total: number }> {
  const cardId = await cardIdOf(db, card);
  const m = await membershipOf(db, accountId);
  if (!m) return { data: [], total: 0 };
  const where = { teamId: m.teamId, cardId };
  const [rows, total] = await Promise.all([
    db.cardComment.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: page.limit,
      skip: page.offset,
      include: AUTHOR,
    }),
    db.cardComment.count({ where }),
  ]);
  return { data: rows.map(toComment), total };
}

/** Where a page of a thread continues: after the comment with this id, written at `at` (ISO 8601). */
export interface TThreadCursor {
  id: number;
  at: string;
}

/**
 * One page of the caller's team's thread on a card, newest first, continuing after `before` (the
 * last comment of the previous page); `next` is where the following page starts, null at the
 * oldest. One statement whatever the thread's length: the caller's team is read in it (no team, no
 * rows) and the page is a range of the (team, card, created_at, id) index, read backwards from the
 * cursor for limit + 1 rows. The cursor's position is read from its comment when it is still in
 * this thread (exact to the microsecond), else from `at`; another thread's comment id tells
 * nothing about that comment.
 */
export async function commentThread(
  db: TDb,
  accountId: number,
  cardId: number,
  page: { limit: number; before?: TThreadCursor | null },
): Promise<{ data: TComment[]; next: TThreadCursor | null }> {
  const b = page.before ?? null;
  // The caller's team as a value computed once (an init plan): with a constant team the page is
  // read in index order and stops after limit + 1 rows; joined instead, all of the card's comments
  // would be read and sorted.
  const team = Prisma.sql`(SELECT me.group_id FROM account me WHERE me.id = ${accountId})`;
  const after = b
    ? Prisma.sql`AND (c.created_at, c.id) < (COALESCE((SELECT x.created_at FROM card_comment x WHERE x.id = ${b.id} AND x.team_id = ${team} AND x.card_id = ${cardId}), ${new Date(b.at)}::timestamptz), ${b.id})`
    : Prisma.empty;
  const rows = await db.$queryRaw<
    {
      id: number;
      card_id: number;
      text: string;
      created_at: Date;
      updated_at: Date;
      author_id: number;
      email: string;
      name: string | null;
    }[]
  >`
    SELECT c.id, c.card_id, c.text, c.created_at, c.updated_at, a.id AS author_id, a.email, a.name
    FROM card_comment c
    JOIN account a ON a.id = c.author_id
    WHERE c.team_id = ${team} AND c.card_id = ${cardId} ${after}
    ORDER BY c.created_at DESC, c.id DESC
    LIMIT ${page.limit + 1}`;
  const data = rows.slice(0, page.limit).map((r) =>
    toComment({
      id: r.id,
      cardId: r.card_id,
      text: r.text,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      author: { id: r.author_id, email: r.email, name: r.name },
    }),
  );
  const last = data[data.length - 1];
  return { data, next: rows.length > page.limit && last ? { id: last.id, at: last.created_at } : null };
}

/** Adds a comment to the caller's team's thread; `mentioned` are the teammates to notify. */
export async function addComment(db: TDb, accountId: number, card: number | string, text: string) {
  const t = commentText(text);
  const cardId = await cardIdOf(db, card);
  const m = await requireMembership(db, accountId);
  // Written and last edited at the same instant: a comment is "edited" once updated_at differs.
  const now = new Date();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.cardComment.create({
      data: { teamId: m.teamId, cardId, authorId: accountId, text: t, createdAt: now, updatedAt: now },
      include: AUTHOR,
    });
    await logCardActivity(tx, m.teamId, accountId, "commented", [cardId], { comment_id: created.id, excerpt: excerptOf(t) });
    return created;
  });
  return { comment: toComment(row), mentioned: await mentionedIn(db, m.teamId, accountId, t) };
}

async function visibleComment(db: TDb, accountId: number, id: number) {
  const m = await membershipOf(db, accountId);
  const row = m ? await db.cardComment.findFirst({ where: { id, teamId: m.teamId }, include: AUTHOR }) : null;
  if (!m || !row) throw notFound("Comment");
  return { m, row };
}

/** Edits one's own comment (only its author); returns the teammates newly mentioned. */
export async function editComment(db: TDb, accountId: number, id: number, text: string) {
  const t = commentText(text);
  const { m, row } = await visibleComment(db, accountId, id);
  if (row.author.id !== accountId) throw new AppError("permission_denied", "Only its author can edit a comment.");
  const before = new Set(await mentionedIn(db, m.teamId, accountId, row.text));
  const updated = await db.cardComment.update({ where: { id }, data: { text: t }, include: AUTHOR });
  const mentioned = (await mentionedIn(db, m.teamId, accountId, t)).filter((a) => !before.has(a));
  return { comment: toComment(updated), mentioned };
}

/** Deletes a comment: its author, or an owner or admin of the team. */
export async function deleteComment(db: TDb, accountId: number, id: number): Promise<{ id: number; deleted: true }> {
  const { m, row } = await visibleComment(db, accountId, id);
  if (!mayManage(row.author.id, { accountId, role: m.role })) {
    throw new AppError("permission_denied", "Only its author and the team's owners and admins can delete a comment.");
  }
  await db.$transaction(async (tx) => {
    await tx.cardComment.delete({ where: { id } });
    await forgetCommentExcerpt(tx, m.teamId, id);
  });
  return { id, deleted: true };
}
