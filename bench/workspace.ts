/**
 * npm run bench:workspace — the analyst workspace's /cards page in Chromium.
 *
 * Seeds the demo dataset at BENCH_SCALE (default 50: about 100,000 cards; 500 for about 1,000,000)
 * once into `vm_bench_s<scale>` (bench/lib/bench-db.ts), starts the real service on it, signs in
 * with a password account in Chromium (/usr/bin/chromium or CHROMIUM_PATH) and measures:
 *   - first load: navigation to /cards until the first page of rows is painted (BENCH_LOADS runs);
 *   - filter change: a click on a filter control (stage, trending, sort header, next page) until
 *     the new rows are painted, on the page's own clock: from the click event to the end of the
 *     first frame that shows them (the list call answered, the table no longer busy: watched in
 *     the page every frame; the frame's end is a task posted from its animation frame callback,
 *     which runs once it is painted). Beside it, the harness's wall clock around Playwright's
 *     click and wait, which adds Playwright's own work (BENCH_CHANGES changes);
 *   - list calls per view: card list requests the page made for each view (goal: one);
 *   - beside them, GET /v1/cards/ with the same parameters (include_total and user data, as the
 *     page asks) through the REST API with an unlimited token;
 *   - the CSV export of every card (GET /api/cards/export), rows and seconds to the last byte.
 * Goals: filter change p50 < 100 ms and p95 < 250 ms; first load < 1.5 s. The filter change is
 * also split: the click event to the list call sent, the call, and its answer to the rows painted.
 *
 * Env: BENCH_SCALE (50), BENCH_PORT (3119), BENCH_LOADS (5), BENCH_CHANGES (30).
 */
import { execFileSync } from "node:child_process";
import { chromium, type Page } from "@playwright/test";
import { benchDatabase } from "./lib/bench-db";
import { printTable } from "./lib/report";
import { startService } from "./lib/service";

const scale = Number(process.env.BENCH_SCALE ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3119);
const loads = Number(process.env.BENCH_LOADS ?? 5);
const changes = Number(process.env.BENCH_CHANGES ?? 30);
const EMAIL = "bench-ui@venture-monitor.local";
const PASSWORD = "bench-ui-password-1";

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

/** Waits until the table shows settled rows, then one frame more (they are painted); answers the page's clock then. */
async function painted(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid="card-table"]');
    return t?.getAttribute("aria-busy") === "false" && !!t.querySelector("tbody tr a");
  });
  return page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
}

/**
 * In the page, after a click: resolves with the end of the first frame (page clock, ms) that shows
 * the table settled (not busy, rows) once the card list call started after the click has been
 * answered. Checked in every animation frame; the frame's end is a task posted from that frame's
 * callback (it runs after the frame is painted).
 */
const PAINTED_AFTER_CLICK = `new Promise((resolve) => {
  const click = window.__lastClick;
  const check = () => {
    const answered = performance
      .getEntriesByType("resource")
      .some((e) => e.name.includes("cards.list") && e.startTime >= click && e.responseEnd > 0);
    const t = document.querySelector('[data-testid="card-table"]');
    if (answered && t?.getAttribute("aria-busy") === "false" && t.querySelector("tbody tr a")) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`; // a string: the bundler's helpers for named functions do not exist in the page

/** In the page: when the last click happened, and the last card list call's start and end (page clock, ms). */
const lastClickAndCall = () => {
  const calls = performance.getEntriesByType("resource").filter((e) => e.name.includes("cards.list"));
  const call = calls[calls.length - 1] as PerformanceResourceTiming | undefined;
  return {
    click: (window as unknown as { __lastClick: number }).__lastClick,
    start: call?.startTime ?? NaN,
    end: call?.responseEnd ?? NaN,
  };
};

/** Closes the filter popovers (untimed, between changes). */
async function closePopovers(page: Page) {
  await page.evaluate(() => document.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open")));
}

async function main() {
  const { url } = await benchDatabase({ scale });
  const svc = await startService({ databaseUrl: url, port });
  try {
    try {
      execFileSync(process.execPath, ["bin/vmon.js", "users", "create", "--email", EMAIL, "--password", PASSWORD], {
        env: { ...process.env, DATABASE_URL: url },
        stdio: "ignore",
      });
    } catch {
      // Already there from an earlier run.
    }
    const cards = (await (
      await fetch(`${svc.baseUrl}/v1/cards/?limit=1&include_total=true`, { headers: { Authorization: `Token ${svc.token}` } })
    ).json()) as {
      pagination: { total: number };
    };
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // The page's own clock for each change: the click's event time (the breakdown below).
    await page.addInitScript(() => {
      window.addEventListener("click", (e) => ((window as unknown as { __lastClick: number }).__lastClick = e.timeStamp), true);
    });
    let listCalls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/trpc/") && r.url().includes("cards.list")) listCalls += 1;
    });
    await page.goto(`${svc.baseUrl}/signin`);
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/cards$/);
    await painted(page);

    const first: number[] = [];
    const callsPerLoad: number[] = [];
    for (let i = 0; i < loads; i++) {
      listCalls = 0;
      const t0 = Date.now();
      await page.goto(`${svc.baseUrl}/cards`);
      await painted(page);
      first.push(Date.now() - t0);
      callsPerLoad.push(listCalls);
    }

    // The filter changes: each stage on and off, trending, the sort headers, the next page.
    // The stages are the first list of the "Stage or round" panel.
    const panel = /^Stage or round/;
    const stageBoxes = (p: Page) => p.locator("details[open]").getByRole("group", { name: "Stages" }).getByRole("checkbox");
    await page.locator("summary", { hasText: panel }).click();
    const stageCount = await stageBoxes(page).count();
    await closePopovers(page);
    const actions: { label: string; prepare?: (p: Page) => Promise<void>; run: (p: Page) => Promise<void> }[] = [];
    for (let i = 0; i < stageCount; i++) {
      actions.push({
        label: `stage ${i}`,
        prepare: (p) => p.locator("summary", { hasText: panel }).click(),
        run: (p) => stageBoxes(p).nth(i).click(),
      });
    }
    actions.push({ label: "trending", run: (p) => p.getByLabel("Trending").click() });
    actions.push({ label: "sort signals", run: (p) => p.getByRole("button", { name: /^Signals/ }).click() });
    actions.push({ label: "sort name", run: (p) => p.getByRole("button", { name: /^Name/ }).click() });
    actions.push({ label: "next page", run: (p) => p.getByRole("button", { name: "Next" }).click() });

    const ui: number[] = [];
    const inPage: number[] = [];
    const toRequest: number[] = [];
    const request: number[] = [];
    const toPaint: number[] = [];
    const callsPerChange: number[] = [];
    const views: string[] = [];
    for (let i = 0; i < changes; i++) {
      const a = actions[i % actions.length]!;
      await closePopovers(page);
      await a.prepare?.(page);
      listCalls = 0;
      const t0 = Date.now();
      await a.run(page);
      const paintedAt = await page.evaluate<number>(PAINTED_AFTER_CLICK);
      ui.push(Date.now() - t0);
      const m = await page.evaluate(lastClickAndCall);
      inPage.push(paintedAt - m.click);
      toRequest.push(m.start - m.click);
      request.push(m.end - m.start);
      toPaint.push(paintedAt - m.end);
      callsPerChange.push(listCalls);
      views.push(new URL(page.url()).search);
      if (i % actions.length === actions.length - 1) {
        await page.goto(`${svc.baseUrl}/cards`); // start the cycle from an unfiltered list again
        await painted(page);
      }
    }
    // The CSV export of every card with the signed-in page's cookies, read to the last byte.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const exportStarted = performance.now();
    const exported = await fetch(`${svc.baseUrl}/api/cards/export`, { headers: { cookie } });
    let exportedBytes = 0;
    let records = 0;
    let previous = 0;
    for await (const chunk of exported.body as unknown as AsyncIterable<Uint8Array>) {
      exportedBytes += chunk.length;
      for (const byte of chunk) {
        if (byte === 10 && previous === 13) records += 1; // CRLF ends a record
        previous = byte;
      }
    }
    const exportedRows = records - 1; // the header
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    await browser.close();

    const rest: number[] = [];
    for (const search of views) {
      const q = new URLSearchParams(search);
      q.set("include_total", "true");
      q.set("include_user_data", "true");
      const t0 = performance.now();
      const r = await fetch(`${svc.baseUrl}/v1/cards/?${q}`, { headers: { Authorization: `Token ${svc.token}` } });
      await r.arrayBuffer();
      rest.push(performance.now() - t0);
    }

    const row = (measure: string, xs: number[], goal: string) => ({
      measure,
      runs: xs.length,
      "p50 ms": Math.round(pct(xs, 50)),
      "p95 ms": Math.round(pct(xs, 95)),
      goal,
    });
    printTable(`/cards in Chromium, ${cards.pagination.total.toLocaleString("en")} cards (demo dataset, scale ${scale})`, [
      row("first load of /cards (navigation to rows painted)", first, "< 1500"),
      row("filter change to rows painted (click event to the frame showing them)", inPage, "p50 < 100, p95 < 250"),
      row("  click to list call sent (state, URL, render)", toRequest, ""),
      row("  list call (tRPC over HTTP)", request, ""),
      row("  answer to rows painted (parse, render, paint)", toPaint, ""),
      row("the same around Playwright's click and wait (harness wall clock)", ui, ""),
      row("GET /v1/cards/ with the same parameters", rest, ""),
    ]);
    process.stdout.write(
      `card list calls per view: first load max ${Math.max(...callsPerLoad)}, filter change max ${Math.max(...callsPerChange)} (goal: 1)\n` +
        `CSV export of every card: ${exportedRows.toLocaleString("en")} rows (${(exportedBytes / 1e6).toFixed(0)} MB) in ${exportSeconds.toFixed(1)} s (${Math.round(exportedRows / exportSeconds).toLocaleString("en")} rows/s)\n`,
    );
  } finally {
    await svc.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
