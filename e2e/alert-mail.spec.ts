import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSmtp, type TSmtpHarness } from "../tests/helpers/smtp";
import { E2E_SMTP_PORT } from "../playwright.config";
import { auth, expectNoSeriousA11yViolation, SIGNIN_WAIT, vmon, watchPage } from "./support";

/**
 * A saved filter's alert by e-mail at once, as an analyst meets it: the started server sends mail
 * to an SMTP server this spec runs on E2E_SMTP_PORT (playwright.config.ts sets SMTP_URL). The
 * analyst follows a saved filter ("Alert me") and chooses "At once" for it; a card that newly
 * matches it arrives by import; the e-mail shows the card's stage, round, location, one-line
 * description and the signal that made it match, in both parts, and its link opens the card.
 */
test.setTimeout(150_000);

const PASSWORD = "correct horse battery";
const stamp = Date.now();
const ANALYST = `alert-mail-${stamp}@example.test`;

type TSlugName = { slug: string; name: string };
type TCard = { slug: string; stage: TSlugName; round: TSlugName; location: { slug: string | null; formatted: string | null } | null };

test.describe("saved filter alert e-mail", () => {
  test.skip(!!process.env.E2E_BASE_URL, "needs a server started with SMTP_URL pointing at this spec");
  let smtp: TSmtpHarness;
  test.beforeAll(async () => {
    smtp = await startSmtp({ port: E2E_SMTP_PORT });
  });
  test.afterAll(async () => {
    await smtp?.stop();
  });

  test("the e-mail at once shows the new card's stage, round, location, description and signal", async ({ page, baseURL, request }) => {
    expect(vmon(["users", "create", "--email", ANALYST, "--password", PASSWORD]).code).toBe(0);
    const token = JSON.parse(vmon(["tokens", "create", "--email", ANALYST, "--json"]).stdout).token as string;
    const get = async (url: string) => {
      const r = await request.get(url, { headers: auth(token) });
      expect(r.status(), url).toBe(200);
      return (await r.json()).data;
    };
    // The demo data's reference rows: a card's stage, round and location, a participant type and a source type.
    const cards = (await get("/v1/cards/?limit=100")) as TCard[];
    const like = cards.find((c) => c.stage.slug && c.round.slug && c.location?.slug && c.location.formatted)!;
    expect(like, "a demo card with a stage, a round and a location").toBeTruthy();
    const [type] = (await get("/v1/participants/types/")) as TSlugName[];
    const [source] = (await get("/v1/cards/source-types/")) as TSlugName[];

    // A participant of its own, whose signals the saved filter follows.
    const angel = { slug: `alert-angel-${stamp}`, name: `Ada Alert ${stamp}` };
    const importLines = (records: object[]) => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "vm-alert-mail-")), "lines.jsonl");
      writeFileSync(file, records.map((r) => JSON.stringify(r)).join("\n") + "\n");
      const r = vmon(["import", file]);
      expect(r.code, r.stderr).toBe(0);
    };
    importLines([{ kind: "participant", slug: angel.slug, name: angel.name, type: type!.slug }]);
    const filterName = `Ada's signals ${stamp}`;

    const watch = await watchPage(page, baseURL);
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(ANALYST);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname !== "/signin", SIGNIN_WAIT);

    // New cards of followed filters by e-mail at once.
    await page.goto("/settings/notifications");
    await page.getByLabel("New cards of saved filters you follow").selectOption("instant");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved your notification settings.")).toBeVisible();
    await expectNoSeriousA11yViolation(page, "/settings/notifications");

    // The filter of the participant's cards (none yet), saved from /cards; then Alert me on it.
    await page.goto(`/cards?participants=${angel.slug}`);
    await expect(page.getByTestId("card-table")).toHaveAttribute("aria-busy", "false");
    await page.getByRole("button", { name: "Save filter" }).click();
    await page.getByLabel("Saved filter name").fill(filterName);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("button", { name: "Save filter" })).toBeVisible();
    await page.goto("/saved-filters");
    const alertMe = page.getByRole("button", { name: `Alert me: ${filterName}` });
    await alertMe.click();
    await expect(alertMe).toHaveAttribute("aria-pressed", "true");
    await expectNoSeriousA11yViolation(page, "/saved-filters");

    // A card that newly matches: a signal of the followed participant, made for a fund.
    const card = { slug: `alert-mail-card-${stamp}`, name: `Tern & <Kite> ${stamp}` };
    const fund = { slug: `alert-fund-${stamp}`, name: `Harbour Fund ${stamp}` };
    importLines([
      { kind: "participant", slug: fund.slug, name: fund.name, type: type!.slug },
      {
        kind: "card",
        slug: card.slug,
        name: card.name,
        description: "Drones that <map> coastlines & harbours\nA second line the e-mail leaves out",
        stage: like.stage.slug,
        round: like.round.slug,
        location: like.location!.slug,
      },
      {
        kind: "interaction",
        card: card.slug,
        participant: angel.slug,
        associated_participant: fund.slug,
        source_type: source!.slug,
        created_at: "2026-06-15T09:00:00Z",
      },
    ]);

    // The worker matches it (every second), notifies (every 5 s) and e-mails (every 15 s).
    await expect.poll(() => smtp.to(ANALYST).length, { timeout: 90_000 }).toBe(1);
    const mail = smtp.to(ANALYST)[0]!;
    expect(mail.parsed.subject).toBe(`${filterName}: 1 new card`);
    expect(mail.header("content-type")).toMatch(/^multipart\/alternative/);
    const facts = `Stage: ${like.stage.name} · Round: ${like.round.name} · Location: ${like.location!.formatted}`;
    const signal = `Signal: ${source!.name} by ${angel.name} for ${fund.name} on 2026-06-15`;
    const text = mail.parsed.text!;
    expect(text).toContain(
      `- ${card.name}\n  ${facts}\n  Drones that <map> coastlines & harbours\n  ${signal}\n  ${baseURL}/cards/${card.slug}`,
    );
    expect(text).not.toContain("second line");
    const html = mail.parsed.html as string;
    const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#39;");
    expect(html).toContain(`href="${baseURL}/cards/${card.slug}"`);
    expect(html).toContain(`>${escape(card.name)}</a>`);
    for (const part of [facts, "Drones that <map> coastlines & harbours", signal]) expect(html).toContain(escape(part));
    expect(html).not.toContain("<map>");

    // The card's link in the e-mail opens it.
    const link = new RegExp(`href="(${baseURL}/cards/${card.slug})"`).exec(html)![1]!;
    await page.goto(link);
    await expect(page.getByRole("heading", { name: card.name, level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolation(page, "/cards/<slug> from the e-mail");
    // The card page's bell polls; leave it before the test ends so nothing is asked without a page.
    await page.goto("about:blank");
    expect(await watch.problems()).toEqual([]);
  });
});
