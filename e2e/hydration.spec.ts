import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { expect, test } from "@playwright/test";
import { listTable, signIn, watchPage } from "./support";

/**
 * A page's Suspense boundary hydrates once its own script has arrived, after the workspace header
 * (which is outside it). Whatever the header fetches meanwhile must not make that boundary render
 * differently from its server HTML (React #418). Here the /founders page's own scripts are held
 * back, as a slow network or a busy machine would, while the header's account query answers.
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
});
