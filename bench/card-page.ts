/**
 * npm run bench:card-page — a card page's first screen with a 500-comment team thread, beside the
 * same page with none, in one run.
 *
 * On the demo dataset at BENCH_SCALE (default 5: about 10,000 cards, `vm_bench_s5`, bench/lib/bench-db.ts)
 * two password accounts are each put in a team of their own with a teammate. On one card (the
 * most signalled) each team has the same panel (the teammate's shared folder holding the card, the
 * teammate's like); one team's thread on it has BENCH_COMMENTS comments (default 500, written
 * through the comments domain function; topped up on later runs), the other team's none. So the
 * two pages differ in the thread only. The real service runs on it; Chromium, one signed-in
 * browser context per account, loads the card in turn (alternating which goes first) and measures
 * per load, on the page's clock (0 = navigation start):
 *   - the server's answer: the document's first byte and last byte (request start to response);
 *   - the first screen: the card's heading painted (its text present, one animation frame after);
 *   - the thread: the first page of comments (or "No comment yet.") painted, and its rows.
 * Goal: the 500-comment first screen within ±10 % of the 0-comment one (medians).
 *
 * Env: BENCH_SCALE (5), BENCH_PORT (3123), BENCH_LOADS (25 per account), BENCH_COMMENTS (500).
 */
import { execFileSync } from "node:child_process";
import { chromium, type Page } from "@playwright/test";
import { createPrisma } from "~/server/db/client";
import { addComment } from "~/server/domain/teams/comments";
import { membershipOf } from "~/server/domain/teams/membership";
import { addMember, createTeam } from "~/server/domain/teams/teams";
import { likeCard } from "~/server/domain/userdata/likes";
import { addCardsToFolder, createFolder, setFolderVisibility } from "~/server/domain/userdata/folders";
import { benchDatabase } from "./lib/bench-db";
import { printTable } from "./lib/report";
import { startService } from "./lib/service";

const scale = Number(process.env.BENCH_SCALE ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3123);
const loads = Number(process.env.BENCH_LOADS ?? 25);
const commentCount = Number(process.env.BENCH_COMMENTS ?? 500);
const PASSWORD = "bench-card-page-password-1";
/** The two teams: the account signed in, its teammate, and how many comments their thread on the card has. */
const TEAMS = [
  {
    label: "0 comments",
    email: "bench-card-page-quiet@venture-monitor.local",
    mate: "bench-card-page-quiet-mate@venture-monitor.local",
    comments: 0,
  },
  {
    label: `${commentCount} comments`,
    email: "bench-card-page-busy@venture-monitor.local",
    mate: "bench-card-page-busy-mate@venture-monitor.local",
    comments: commentCount,
  },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

type TCard = { id: number; slug: string; name: string; interactions: number };

/** One team on the card: its folder and like, and its thread topped up to `comments` (idempotent: reused on later runs). */
async function prepareTeam(db: ReturnType<typeof createPrisma>, url: string, card: TCard, team: (typeof TEAMS)[number]) {
  try {
    execFileSync(process.execPath, ["bin/vmon.js", "users", "create", "--email", team.email, "--password", PASSWORD], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: "ignore",
    });
  } catch {
    // Already there from an earlier run.
  }
  const me = await db.account.findUniqueOrThrow({ where: { email: team.email }, select: { id: true } });
  const mate = await db.account.upsert({ where: { email: team.mate }, create: { email: team.mate, name: "Bench Mate" }, update: {} });
  let m = await membershipOf(db, me.id);
  if (!m) {
    await addMember(db, (await createTeam(db, me.id, `Card page bench ${team.label} ${Date.now()}`)).id, mate.id);
    m = (await membershipOf(db, me.id))!;
  }
  const folderName = "Bench shortlist";
  const folder =
    (await db.folder.findFirst({ where: { accountId: mate.id, name: folderName }, select: { id: true } })) ??
    (await createFolder(db, mate.id, folderName));
  await addCardsToFolder(db, mate.id, folder.id, [card.id]);
  await setFolderVisibility(db, mate.id, folder.id, "team");
  await likeCard(db, mate.id, card.id);
  const have = await db.cardComment.count({ where: { teamId: m.teamId, cardId: card.id } });
  for (let i = have; i < team.comments; i++) {
    const author = i % 3 === 0 ? mate.id : me.id;
    const mention = i % 7 === 0 ? ` @${(author === me.id ? team.mate : team.email).split("@")[0]} what do you think?` : "";
    await addComment(
      db,
      author,
      card.id,
      `Note ${i + 1}: the founders answered the questions on churn and pricing; cohort data looks steady over the last two quarters.${mention}`,
    );
  }
}

/** The card (the most signalled) and both teams on it. */
async function prepare(url: string): Promise<TCard> {
  const db = createPrisma(url, 2);
  try {
    const c = await db.card.findFirstOrThrow({
      orderBy: [{ interactionsCount: "desc" }, { id: "asc" }],
      select: { id: true, slug: true, name: true, interactionsCount: true },
    });
    const card = { id: c.id, slug: c.slug, name: c.name, interactions: c.interactionsCount };
    for (const team of TEAMS) await prepareTeam(db, url, card, team);
    return card;
  } finally {
    await db.$disconnect();
  }
}

/** One load of a card page, timed on the page's clock (milliseconds after navigation start). */
async function load(page: Page, baseUrl: string, card: TCard) {
  await page.goto(`${baseUrl}/cards/${card.slug}`, { waitUntil: "commit" });
  // In the page, as text (no compiled helpers in it): polls each frame, answers one frame after.
  const firstScreen = (await page.evaluate(`new Promise((resolve) => {
    const check = () => document.querySelector("h1")?.textContent === ${JSON.stringify(card.name)}
      ? requestAnimationFrame(() => resolve(performance.now()))
      : requestAnimationFrame(check);
    check();
  })`)) as number;
  const thread = (await page.evaluate(`new Promise((resolve) => {
    const check = () => {
      const rows = document.querySelectorAll('[data-testid="card-comments"] > li').length;
      const none = [...document.querySelectorAll("section p")].some((p) => p.textContent === "No comment yet.");
      if (rows > 0 || none) requestAnimationFrame(() => resolve({ at: performance.now(), rows }));
      else setTimeout(check, 5);
    };
    check();
  })`)) as { at: number; rows: number };
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { firstByte: n.responseStart - n.requestStart, lastByte: n.responseEnd - n.requestStart, bytes: n.transferSize };
  });
  return { ...nav, firstScreen, thread: thread.at, rows: thread.rows };
}

async function main() {
  const { url } = await benchDatabase({ scale });
  process.stderr.write(`preparing the teams and ${commentCount} comments…\n`);
  const card = await prepare(url);
  const svc = await startService({ databaseUrl: url, port });
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    const pages: Page[] = [];
    for (const team of TEAMS) {
      const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await page.goto(`${svc.baseUrl}/signin`);
      await page.getByLabel("E-mail").fill(team.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/cards$/, { timeout: 60_000 });
      pages.push(page);
    }

    // Warm-up: compile the page's code paths before anything is counted.
    for (let i = 0; i < 3; i++) for (const page of pages) await load(page, svc.baseUrl, card);
    const runs: Awaited<ReturnType<typeof load>>[][] = TEAMS.map(() => []);
    for (let i = 0; i < loads; i++) {
      for (const t of i % 2 ? [1, 0] : [0, 1]) runs[t]!.push(await load(pages[t]!, svc.baseUrl, card));
    }
    await browser.close();

    const row = (t: number) => {
      const r = runs[t]!;
      return {
        thread: TEAMS[t]!.label,
        loads: r.length,
        "first byte p50": Math.round(median(r.map((x) => x.firstByte))),
        "document p50": Math.round(median(r.map((x) => x.lastByte))),
        "first screen p50": Math.round(median(r.map((x) => x.firstScreen))),
        "first screen p95": Math.round(
          pct(
            r.map((x) => x.firstScreen),
            95,
          ),
        ),
        "thread painted p50": Math.round(median(r.map((x) => x.thread))),
        "comment rows": Math.max(...r.map((x) => x.rows)),
        "document kB": Math.round(median(r.map((x) => x.bytes)) / 1000),
      };
    };
    const [a, b] = [row(0), row(1)];
    printTable(
      `Card page first screen, one card (${card.interactions} interactions) seen by two teams (demo dataset, scale ${scale}); ms after navigation start, ${loads} loads each`,
      [a, b],
    );
    const ratio = (k: keyof typeof a) => `${(((b[k] as number) / (a[k] as number) - 1) * 100).toFixed(1)} %`;
    process.stdout.write(
      `${commentCount} against 0 comments: first screen ${ratio("first screen p50")}, document ${ratio("document p50")}, ` +
        `first byte ${ratio("first byte p50")}, thread painted ${ratio("thread painted p50")} (goal: first screen within ±10 %)\n`,
    );
  } finally {
    await svc.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
