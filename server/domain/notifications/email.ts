import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { composeMail, type TMailItem } from "../mail/compose";
import { mailConfigured, sendMail } from "../mail/transport";
import { alertCards, alertCounts, type TAlertCard } from "./alert-cards";
import { digestPeriod, type TDigestMode } from "./digest-period";
import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_EMAIL,
  DEFAULT_TIME_ZONE,
  NOTIFICATION_KINDS,
  type TEmailMode,
  type TNotificationKind,
} from "./kinds";
import { gateInvitationMails, releaseMailClaims } from "./invitation-mail-gate";
import { unsubscribeKey, unsubscribePath, type TUnsubscribeScope } from "./unsubscribe";
import { plural } from "~/server/lib/plural";

/**
 * Notifications by e-mail (docs/notifications.md), run on the worker under a queue lease
 * (worker.ts), so one process sends at a time. Per account and kind the mode decides: `instant`
 * sends each unread notification on its own; `daily` and `weekly` gather the unread ones made up
 * to the period's start (digest-period.ts) into one digest per period. What went out is marked
 * (`emailed_at`; a digest also gets its `mail_digest` row) right after the mail server accepted
 * it, so a run stopped or crashed between two messages sends nothing twice when it starts again;
 * only a crash in the instant between the server's answer and that write could. Unread
 * notifications of the last 8 days are considered; without SMTP_URL nothing runs. An invitation's
 * notification goes out only within its team's daily cap on invitation e-mails
 * (invitation-mail-gate.ts); one the cap holds back is never e-mailed.
 */

const WINDOW_MS = 8 * 24 * 3600_000;
/** Accounts read per page; a run goes through every page. */
const ACCOUNTS_PER_PAGE = 2000;
const ITEMS_PER_DIGEST = 50;
/**
 * Accounts served at once: one account's round trips to the database and to the mail server
 * overlap another's (the transport pools 2 connections). Measured in docs/benchmarks.md
 * (bench:alerts).
 */
const LANES = 4;
/** After this many refusals in a row the mail server is taken to be down until the next run. */
const FAILURES_TO_STOP = 3;

interface TPending {
  id: number;
  kind: TNotificationKind;
  title: string;
  body: string;
  url: string | null;
  created_at: Date;
  /** Kind-specific details (an invitation's id, for its team's e-mail cap; a saved filter alert's cards). */
  data: unknown;
  saved_filter_id: number | null;
}

const KIND_HEADINGS: Record<TNotificationKind, string> = {
  saved_filter: "Saved filters",
  radar_update: "Radar updates",
  mention: "Mentions",
  invitation: "Invitations",
};

interface TAccountPlan {
  id: number;
  email: string;
  modes: Map<TNotificationKind, TEmailMode>;
  /** The kinds it has unread notifications of, not e-mailed yet. */
  pendingKinds: Set<TNotificationKind>;
  hour: number;
  timeZone: string;
  /** The key its unsubscribe links are signed with, when it has one yet. */
  key: string | null;
}

/**
 * The next page of accounts (ids above `after`) with unread notifications not e-mailed yet, with
 * the kinds those are of, their modes, hour and time zone.
 */
async function accountsWithPending(db: TDb, since: Date, after: number): Promise<TAccountPlan[]> {
  const rows = await db.$queryRaw<{ account_id: number; kinds: string[] }[]>`
    SELECT account_id, array_agg(DISTINCT kind) AS kinds FROM notification
     WHERE emailed_at IS NULL AND read_at IS NULL AND created_at > ${since} AND account_id > ${after}
     GROUP BY account_id ORDER BY account_id LIMIT ${ACCOUNTS_PER_PAGE}`;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.account_id);
  const kindsOf = new Map(rows.map((r) => [r.account_id, new Set(r.kinds as TNotificationKind[])]));
  const [accounts, prefs, settings] = await Promise.all([
    db.account.findMany({ where: { id: { in: ids } }, select: { id: true, email: true }, orderBy: { id: "asc" } }),
    db.notificationPreference.findMany({ where: { accountId: { in: ids } } }),
    db.notificationSettings.findMany({ where: { accountId: { in: ids } } }),
  ]);
  const settingsOf = new Map(settings.map((s) => [s.accountId, s]));
  return accounts.map((a) => {
    const modes = new Map<TNotificationKind, TEmailMode>(NOTIFICATION_KINDS.map((k) => [k, DEFAULT_EMAIL[k]]));
    for (const p of prefs) if (p.accountId === a.id) modes.set(p.kind as TNotificationKind, p.email as TEmailMode);
    const s = settingsOf.get(a.id);
    return {
      id: a.id,
      email: a.email,
      modes,
      pendingKinds: kindsOf.get(a.id) ?? new Set(),
      hour: s?.digestHour ?? DEFAULT_DIGEST_HOUR,
      timeZone: s?.timeZone ?? DEFAULT_TIME_ZONE,
      key: s?.unsubscribeKey ?? null,
    };
  });
}

/** Unread, not yet e-mailed notifications of these kinds made after `since` (and up to `until`, a digest's start). */
async function pending(db: TDb, accountId: number, kinds: TNotificationKind[], since: Date, until?: Date): Promise<TPending[]> {
  if (kinds.length === 0) return [];
  return db.notification
    .findMany({
      where: { accountId, kind: { in: kinds }, emailedAt: null, readAt: null, createdAt: { gt: since, ...(until ? { lte: until } : {}) } },
      orderBy: { id: "asc" },
      take: ITEMS_PER_DIGEST,
      select: { id: true, kind: true, title: true, body: true, url: true, createdAt: true, data: true, savedFilterId: true },
    })
    .then((rows) =>
      rows.map((r) => ({ ...r, kind: r.kind as TNotificationKind, created_at: r.createdAt, saved_filter_id: r.savedFilterId })),
    );
}

/** What a digest of the period would hold: nothing when the period's digest went out already (one statement). */
async function digestItems(
  db: TDb,
  accountId: number,
  kinds: TNotificationKind[],
  since: Date,
  period: { key: string; start: Date },
): Promise<TPending[]> {
  return db.$queryRaw<TPending[]>`
    SELECT id, kind, title, body, url, created_at, data, saved_filter_id FROM notification
     WHERE account_id = ${accountId} AND kind = ANY(${kinds}::text[]) AND emailed_at IS NULL AND read_at IS NULL
       AND created_at > ${since} AND created_at <= ${period.start}
       AND NOT EXISTS (SELECT 1 FROM mail_digest d WHERE d.account_id = ${accountId} AND d.period = ${period.key})
     ORDER BY id LIMIT ${ITEMS_PER_DIGEST}`;
}

/** The unsubscribe headers of an e-mail to the account (its key is read with its settings, made once if it has none). */
async function headers(db: TDb, account: TAccountPlan, scope: TUnsubscribeScope, base: string) {
  account.key ??= await unsubscribeKey(db, account.id);
  const path = unsubscribePath(account.key, account.id, scope);
  return {
    path,
    headers: { "List-Unsubscribe": `<${base}${path}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

function footer(what: string, unsubscribe: string) {
  return {
    footer: [`You get this e-mail for ${what}. Change what is e-mailed in your notification settings.`],
    footerLinks: [
      { label: "Notification settings", href: "/settings/notifications" },
      { label: "Unsubscribe", href: unsubscribe.replace("/api/unsubscribe/", "/unsubscribe/") },
    ],
  };
}

/**
 * One card of a saved filter's alert, in every e-mail that names it (at once and in digests): its
 * name linking to the card, then its stage, round and location, its one-line description and the
 * signal that brought it in.
 */
function alertCardItem(c: TAlertCard): TMailItem {
  const facts = [c.stage && `Stage: ${c.stage}`, c.round && `Round: ${c.round}`, c.location && `Location: ${c.location}`];
  const s = c.signal;
  const signal = s && `${s.source ? `Signal: ${s.source} by` : "Signal by"} ${s.participant}${s.fund ? ` for ${s.fund}` : ""} on ${s.on}`;
  const details = [facts.filter((f) => !!f).join(" · "), c.description, signal].filter((line): line is string => !!line);
  return { text: c.name, href: `/cards/${encodeURIComponent(c.slug)}`, details };
}

/** A saved filter's alert as items: its cards, and a link to the rest when it names only some. */
function alertItems(n: TPending, cards: TAlertCard[]): TMailItem[] {
  const { cardIds, count } = alertCounts(n);
  const more = count - cardIds.length;
  const rest = more > 0 ? [{ text: `And ${plural(more, "more new card")}`, href: n.url ?? "/notifications" }] : [];
  return [...cards.map(alertCardItem), ...rest];
}

/** The cards of the saved filter alerts among `items`, by notification id. */
const cardsOfAlerts = (db: TDb, account: TAccountPlan, items: TPending[]) =>
  alertCards(
    db,
    account.id,
    items.filter((i) => i.kind === "saved_filter"),
  );

/**
 * Sends one notification on its own and marks it e-mailed once the server accepted it; answers
 * whether it went out (an invitation's may be held back by its team's cap, and is then settled).
 */
async function sendInstant(db: TDb, base: string, account: TAccountPlan, n: TPending, now: Date): Promise<boolean> {
  const { send, claims } = await gateInvitationMails(db, [n], now);
  if (send.length === 0) return false;
  const { path, headers: extra } = await headers(db, account, n.kind, base);
  const cards = (await cardsOfAlerts(db, account, [n])).get(n.id) ?? [];
  const content = cards.length > 0 ? [{ items: alertItems(n, cards) }] : n.body ? [{ paragraph: n.body }] : [];
  const parts = composeMail({
    title: n.title,
    blocks: [...content, { action: { label: "Open in Venture Monitor", href: n.url ?? "/notifications" } }],
    ...footer(`${KIND_HEADINGS[n.kind].toLowerCase()} at once`, path),
  });
  try {
    await sendMail({ to: account.email, subject: n.title, ...parts, headers: extra });
  } catch (error) {
    await releaseMailClaims(db, claims);
    throw error;
  }
  await db.notification.updateMany({ where: { id: n.id, emailedAt: null }, data: { emailedAt: new Date() } });
  return true;
}

/** Sends the account's digest of a period when it has something; answers how many items it held. */
async function sendDigest(db: TDb, base: string, account: TAccountPlan, mode: TDigestMode, now: Date, since: Date): Promise<number> {
  const kinds = NOTIFICATION_KINDS.filter((k) => account.modes.get(k) === mode && account.pendingKinds.has(k));
  if (kinds.length === 0) return 0;
  const period = digestPeriod(now, mode, account.hour, account.timeZone);
  const { send: items, claims } = await gateInvitationMails(db, await digestItems(db, account.id, kinds, since, period), now);
  if (items.length === 0) return 0;
  const { path, headers: extra } = await headers(db, account, mode, base);
  const title = `Your ${mode} Venture Monitor digest: ${plural(items.length, "update")}`;
  const cards = await cardsOfAlerts(db, account, items);
  const item = (i: TPending): TMailItem => {
    const of = cards.get(i.id) ?? [];
    const under = of.length > 0 ? { items: alertItems(i, of) } : { details: i.body ? [i.body] : [] };
    return { text: i.title, href: i.url ?? "/notifications", ...under };
  };
  const blocks = kinds.flatMap((kind) => {
    const of = items.filter((i) => i.kind === kind);
    if (of.length === 0) return [];
    return [{ paragraph: KIND_HEADINGS[kind] }, { items: of.map(item) }];
  });
  const parts = composeMail({
    title,
    blocks: [...blocks, { action: { label: "See all notifications", href: "/notifications" } }],
    ...footer(`a ${mode} digest`, path),
  });
  let sent: Awaited<ReturnType<typeof sendMail>>;
  try {
    sent = await sendMail({ to: account.email, subject: title, ...parts, headers: extra });
  } catch (error) {
    await releaseMailClaims(db, claims);
    throw error;
  }
  // One statement (atomic, one round trip): the digest's record and its items marked.
  await db.$executeRaw`
    WITH digest AS (
      INSERT INTO mail_digest (account_id, period, message_id, count)
      VALUES (${account.id}, ${period.key}, ${sent.messageId}, ${items.length})
    )
    UPDATE notification SET emailed_at = now() WHERE id = ANY(${items.map((i) => i.id)}::int[]) AND emailed_at IS NULL`;
  return items.length;
}

/** One account's e-mails: its instant ones, then its digests that are due. False when the run is to end. */
async function deliverAccount(
  db: TDb,
  account: TAccountPlan,
  ctx: {
    now: Date;
    since: Date;
    base: string;
    out: TRunCounts;
    shouldEnd: () => boolean;
    failure: (error: unknown) => boolean;
    success: () => void;
  },
): Promise<boolean> {
  const { now, since, base, out } = ctx;
  const instantKinds = NOTIFICATION_KINDS.filter((k) => account.modes.get(k) === "instant" && account.pendingKinds.has(k));
  const jobs: (() => Promise<unknown>)[] = [
    ...(await pending(db, account.id, instantKinds, since)).map(
      (n) => () => sendInstant(db, base, account, n, now).then((sent) => (out.instant += sent ? 1 : 0)),
    ),
    ...(["daily", "weekly"] as const).map(
      (mode) => () => sendDigest(db, base, account, mode, now, since).then((n) => (out.digests += n > 0 ? 1 : 0)),
    ),
  ];
  for (const job of jobs) {
    if (ctx.shouldEnd()) return false;
    try {
      await job();
      ctx.success();
    } catch (error) {
      out.failed += 1;
      logger.warn("notification e-mail not sent; tried again next run", { account_id: account.id, error: (error as Error).message });
      if (!ctx.failure(error)) return false;
    }
  }
  return true;
}

// A type, not an interface: the worker logs it as a record.
type TRunCounts = { instant: number; digests: number; failed: number };

/**
 * One run: every account with something to send, a page at a time, LANES accounts at once; per
 * account its instant e-mails, then its digests that are due. `stopping` is checked between
 * messages, so a stop finishes the messages in hand (one per lane) and leaves the rest for the
 * next run.
 */
export async function runEmailDeliveries(db: TDb, opts: { now?: Date; base: string; stopping?: () => boolean }): Promise<TRunCounts> {
  const out: TRunCounts = { instant: 0, digests: 0, failed: 0 };
  if (!mailConfigured()) return out;
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - WINDOW_MS);
  let failuresInARow = 0;
  let ended = false;
  const ctx = {
    now,
    since,
    base: opts.base,
    out,
    shouldEnd: () => (ended ||= opts.stopping?.() ?? false),
    success: () => {
      failuresInARow = 0;
    },
    failure: () => {
      failuresInARow += 1;
      if (failuresInARow >= FAILURES_TO_STOP) ended = true;
      return !ended;
    },
  };
  for (let page = await accountsWithPending(db, since, 0); page.length > 0; page = await accountsWithPending(db, since, page.at(-1)!.id)) {
    let next = 0;
    const lane = async () => {
      while (!ended && next < page.length) if (!(await deliverAccount(db, page[next++]!, ctx))) return;
    };
    await Promise.all(Array.from({ length: Math.min(LANES, page.length) }, lane));
    if (ended) return out;
  }
  return out;
}
