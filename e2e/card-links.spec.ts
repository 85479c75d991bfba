import { expect, test } from "@playwright/test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signIn, vmon } from "./support";

/**
 * Links that come from imported data (a card's website, its social links, its people's profile
 * links) are links only when they are http or https: a `javascript:` URL is shown as text.
 */

const SLUG = "card-links-probe";

test("a card's imported javascript: links render as text, never as an href", async ({ page }) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "vm-links-")), "card.jsonl");
  const card = {
    kind: "card",
    slug: SLUG,
    name: "Card Links Probe",
    url: "javascript:alert(document.domain)",
    social_links: [
      { key: "evil", name: "Evil link", url: " JavaScript:alert(1)" },
      { key: "good", name: "Good link", url: "https://good.example.com/probe" },
    ],
    people: [{ id: 1, name: "Pat Probe", network_a_url: "javascript:alert(2)", microblog_url: "https://mb.example.com/pat" }],
  };
  writeFileSync(file, `${JSON.stringify(card)}\n`);
  const imported = vmon(["import", file]);
  expect(imported.code, imported.stderr).toBe(0);

  await signIn(page);
  await page.goto(`/cards/${SLUG}`);
  await expect(page.getByRole("heading", { name: "Card Links Probe" })).toBeVisible();
  await expect(page.getByText("Pat Probe")).toBeVisible();

  const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
  for (const h of hrefs) expect(h, h).toMatch(/^(\/|https?:\/\/|mailto:)/);

  // The refused ones are still there, as text; the https ones are links.
  await expect(page.getByText("javascript:alert(document.domain)")).toBeVisible();
  await expect(page.getByRole("link", { name: "javascript:alert(document.domain)" })).toHaveCount(0);
  await expect(page.getByText("Evil link")).toBeVisible();
  await expect(page.getByRole("link", { name: "Evil link" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "network a" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Good link" })).toHaveAttribute("href", "https://good.example.com/probe");
  await expect(page.getByRole("link", { name: "microblog" })).toHaveAttribute("href", "https://mb.example.com/pat");
});
