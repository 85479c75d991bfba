import { expect, test } from "@playwright/test";
import { auth, demoCredentials, signIn, watchPage } from "./support";

/**
 * A record's tab is named after it ("Zephyr Sensors · Cards · Venture Monitor"), from the first
 * HTML (history, bookmarks and a row of tabs read it before any script runs); a missing record's
 * tab says "Not found", as its HTTP 404 page does.
 */
test("record pages are titled after their record, a missing one says Not found", async ({ page, request, baseURL }) => {
  const { token } = demoCredentials();
  const first = async (path: string) =>
    ((await (await request.get(path, { headers: auth(token) })).json()) as { data: Record<string, unknown>[] }).data[0]!;
  const card = await first("/v1/cards/?limit=1&view=compact");
  const participant = await first("/v1/participants/?limit=1");
  const profile = await first("/v1/network_a/profiles/?limit=1");

  const watch = await watchPage(page, baseURL);
  await signIn(page);
  const cases: [string, string][] = [
    [`/cards/${String(card.slug)}`, `${String(card.name)} · Cards · Venture Monitor`],
    [`/participants/${encodeURIComponent(String(participant.slug))}`, `${String(participant.name)} · Participants · Venture Monitor`],
    [`/founders/${String(profile.id)}`, `${String(profile.name)} · Founders · Venture Monitor`],
  ];
  for (const [path, title] of cases) {
    const served = await request.get(path, {
      headers: { Cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    expect(await served.text(), path).toContain(`<title>${title.replace(/&/g, "&amp;")}</title>`);
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }

  await page.goto("/folders");
  const folder = page.locator("tbody tr a").first();
  const folderName = (await folder.textContent())!.trim();
  await folder.click();
  await expect(page).toHaveTitle(`${folderName} · Folders · Venture Monitor`);

  expect(await watch.problems()).toEqual([]);

  // (A 404 is a console error in Chromium: past this point the page's console is not checked.)
  for (const missing of ["/cards/no-such-card-anywhere", "/folders/999999999", "/participants/no-such-participant"]) {
    const response = await page.goto(missing);
    expect(response?.status(), missing).toBe(404);
    await expect(page).toHaveTitle("Not found · Venture Monitor");
  }
});
