import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { expect, test } from "@playwright/test";
import { auth, demoCredentials, listTable, signIn, watchPage } from "./support";

/**
 * A page's Suspense boundary hydrates once its own script has arrived, after the workspace header
 * (which is outside it). Whatever the header fetches meanwhile must not make that boundary render
 * differently from its server HTML (React #418). Here the /founders page's own scripts are held
 * back, as a slow network or a busy machine would, while the header's account query answers.
 *
 * A form that only the page's script can submit (ClientForm) takes no input before that script
 * runs: a submit would otherwise reload the page and lose what was typed. The kit's other buttons
 * are marked unavailable until then (a click would do nothing).
 */

type TManifest = Record<string, { clientModules: Record<string, { chunks: string[] }> }>;

/** The browser scripts of the production build that hold `module` (from Next's client reference manifest). */
function chunksOf(page: string, module: string): Set<string> {
  const file = path.join(".next/server/app", page, "page_client-reference-manifest.js");
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: TManifest } = {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const modules = Object.values(sandbox.__RSC_MANIFEST!)[0]!.clientModules;
  const entry = Object.entries(modules).find(([name]) => name.endsWith(module));
  if (!entry) throw new Error(`${module} is not in ${file}`);
  return new Set(entry[1].chunks);
}

test("a page whose scripts arrive after the header's data hydrates without a mismatch", async ({ page, baseURL }) => {
  const own = chunksOf("(workspace)/founders", "app/(workspace)/founders/founders-view.tsx");
  for (const shared of chunksOf("(workspace)/founders", "app/(workspace)/workspace-header.tsx")) own.delete(shared);
  expect(own.size).toBeGreaterThan(0);

  const watch = await watchPage(page, baseURL);
  await signIn(page);
  let held = 0;
  await page.route(
    (url) => own.has(url.pathname),
    async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    },
  );
  const account = page
    .waitForResponse((r) => r.url().includes("/api/trpc/") && r.url().includes("account.me"), { timeout: 2_000 })
    .catch(() => null);
  await page.goto("/founders", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Founders", level: 1 })).toBeVisible({ timeout: 15_000 });
  // Hydrated: the page's own scripts ran and fetched its first page of profiles.
  await listTable("profile-table").settled(page);
  expect(held).toBeGreaterThan(0);
  // The header needs no request of its own for the account: it came with the page.
  expect(await account).toBeNull();
  expect(await watch.problems()).toEqual([]);
  await page.unrouteAll({ behavior: "ignoreErrors" }); // a chunk still held has nobody to answer
});

test("a form handled by the page's script waits for it: typing and sending before it arrives loses nothing", async ({ page, baseURL }) => {
  const { token } = demoCredentials();
  const cards = (await (await page.request.get("/v1/cards/?limit=100", { headers: auth(token) })).json()).data as {
    slug: string;
    open_to_intro: boolean;
  }[];
  // The last card open to intro: other specs request intros on the first ones.
  const card = cards.filter((c) => c.open_to_intro).at(-1)!;
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  let held = 0;
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto(`/cards/${card.slug}`, { waitUntil: "commit" });
  const field = page.getByLabel("Request an intro");
  await expect(field).toBeVisible({ timeout: 15_000 });
  // Server-rendered, not yet hydrated: the form is there but takes nothing, and the kit's other
  // buttons say they are unavailable.
  const like = page.getByRole("button", { name: /Like/ });
  await expect(field).toBeDisabled();
  await expect(page.getByRole("button", { name: "Request intro" })).toBeDisabled();
  await expect(like).toHaveAttribute("aria-disabled", "true");
  const message = `Sent as soon as it could be (${Date.now()})`;
  await field.fill(message);
  await page.getByRole("button", { name: "Request intro" }).click();
  await expect(page.getByTestId("intro-message")).toHaveText(`“${message}”`, { timeout: 15_000 });
  expect(new URL(page.url()).search).toBe("");
  await expect(like).toBeEnabled();
  expect(held).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Withdraw the request" }).click();
  await expect(page.getByLabel("Request an intro")).toBeVisible();
  expect(await watch.problems()).toEqual([]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
