/**
 * npm run bench:card-page — a card page's first screen with a 500-comment team thread, beside the
 * same page with none, in one run.
 *
 * On the demo dataset at BENCH_SCALE (default 5: about 10,000 cards, `vm_bench_s5`, bench/lib/bench-db.ts)
 * a password account is put in a team with a teammate; two cards with the same number of
 * interactions (the most among such pairs) are both in a folder the teammate shares and both liked
 * by the teammate (the same team panel), and one of them carries BENCH_COMMENTS team comments
 * (default 500, written through the comments domain function; topped up on later runs). The real
 * service runs on it; Chromium, signed in, loads the two pages in turn (alternating which goes
 * first) and measures per load, on the page's clock (0 = navigation start):
 *   - the server's answer: the document's first byte and last byte (request start to response);
 *   - the first screen: the card's heading painted (its text present, one animation frame after);
 *   - the thread: the first page of comments (or "No comment yet.") painted, and its rows.
 * Goal: the 500-comment card's first screen within ±10 % of the 0-comment card's (medians).
 *
 * Env: BENCH_SCALE (5), BENCH_PORT (3123), BENCH_LOADS (25 per card), BENCH_COMMENTS (500).
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
const EMAIL = "bench-card-page@venture-monitor.local";
const MATE = "bench-card-page-mate@venture-monitor.local";
const PASSWORD = "bench-card-page-password-1";

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

/** The team, the two cards, the shared folder and likes, and the comments (idempotent: reused and topped up). */
async function prepare(url: string): Promise<{ empty: TCard; busy: TCard }> {
  try {
    execFileSync(process.execPath, ["bin/vmon.js", "users", "create", "--email", EMAIL, "--password", PASSWORD], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: "ignore",
    });
  } catch {
    // Already there from an earlier run.
  }
  const db = createPrisma(url, 2);
  try {
    const me = await db.account.findUniqueOrThrow({ where: { email: EMAIL }, select: { id: true } });
    const mate = await db.account.upsert({ where: { email: MATE }, create: { email: MATE, name: "Bench Mate" }, update: {} });
    if (!(await membershipOf(db, me.id))) {
      const team = await createTeam(db, me.id, `Card page bench ${Date.now()}`);
      await addMember(db, team.id, mate.id);
    }
    // Two cards alike in their data: the most interactions shared by at least two cards.
    const [pair] = await db.$queryRaw<{ n: number; ids: number[] }[]>`
      SELECT interactions_count AS n, (array_agg(id ORDER BY id))[1:2] AS ids FROM card
      GROUP BY interactions_count HAVING count(*) >= 2 ORDER BY interactions_count DESC LIMIT 1`;
    const rows = await db.card.findMany({ where: { id: { in: pair!.ids } }, select: { id: true, slug: true, name: true } });
    const cards = pair!.ids.map((id) => ({ ...rows.find((r) => r.id === id)!, interactions: pair!.n }));
    const [empty, busy] = cards as [TCard, TCard];
    const folderName = "Bench shortlist";
    const folder =
      (await db.folder.findFirst({ where: { accountId: mate.id, name: folderName }, select: { id: true } })) ??
      (await createFolder(db, mate.id, folderName));
    await addCardsToFolder(db, mate.id, folder.id, [empty.id, busy.id]);
    await setFolderVisibility(db, mate.id, folder.id, "team");
    for (const c of cards) await likeCard(db, mate.id, c.id);
    // The busy card's thread: BENCH_COMMENTS comments from both, some with a mention.
    await db.cardComment.deleteMany({ where: { cardId: empty.id } });
    const have = await db.cardComment.count({ where: { cardId: busy.id } });
    for (let i = have; i < commentCount; i++) {
      const author = i % 3 === 0 ? mate.id : me.id;
      const mention = i % 7 === 0 ? ` @${(author === me.id ? MATE : EMAIL).split("@")[0]} what do you think?` : "";
      await addComment(
        db,
        author,
        busy.id,
        `Note ${i + 1}: the founders answered the questions on churn and pricing; cohort data looks steady over the last two quarters.${mention}`,
      );
    }
    return { empty, busy };
  } finally {
    await db.$disconnect();
  }
}

/** One load of a card page, timed on the page's clock (milliseconds after navigation start). */
async function load(page: Page, baseUrl: string, card: TCard) {
  await page.goto(`${baseUrl}/cards/${card.slug}`, { waitUntil: "commit" });
  const firstScreen = await page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (document.querySelector("h1")?.textContent === name) requestAnimationFrame(() => resolve(performance.now()));
          else requestAnimationFrame(check);
        };
        check();
      }),
    card.name,
  );
  const thread = await page.evaluate(
    () =>
      new Promise<{ at: number; rows: number }>((resolve) => {
        const check = () => {
          const rows = document.querySelectorAll('[data-testid="card-comments"] > li').length;
          const none = [...document.querySelectorAll("section p")].some((p) => p.textContent === "No comment yet.");
          if (rows > 0 || none) requestAnimationFrame(() => resolve({ at: performance.now(), rows }));
          else setTimeout(check, 5);
        };
        check();
      }),
  );
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { firstByte: n.responseStart - n.requestStart, lastByte: n.responseEnd - n.requestStart, bytes: n.transferSize };
  });
  return { ...nav, firstScreen, thread: thread.at, rows: thread.rows };
}

async function main() {
  const { url } = await benchDatabase({ scale });
  process.stderr.write(`preparing the team and ${commentCount} comments…\n`);
  const { empty, busy } = await prepare(url);
  const svc = await startService({ databaseUrl: url, port });
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${svc.baseUrl}/signin`);
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/cards$/, { timeout: 60_000 });

    // Warm-up: compile both pages' code paths before anything is counted.
    for (let i = 0; i < 3; i++) for (const c of [empty, busy]) await load(page, svc.baseUrl, c);
    const runs = new Map<number, Awaited<ReturnType<typeof load>>[]>([
      [empty.id, []],
      [busy.id, []],
    ]);
    for (let i = 0; i < loads; i++) {
      for (const c of i % 2 ? [busy, empty] : [empty, busy]) runs.get(c.id)!.push(await load(page, svc.baseUrl, c));
    }
    await browser.close();

    const row = (label: string, c: TCard) => {
      const r = runs.get(c.id)!;
      return {
        card: label,
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
    const a = row("0 comments", empty);
    const b = row(`${commentCount} comments`, busy);
    printTable(
      `Card page first screen, ${empty.interactions} interactions each (demo dataset, scale ${scale}); ms after navigation start, medians of ${loads} loads`,
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
