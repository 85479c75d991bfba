import { expect, test, type Page } from "@playwright/test";
import { demoCredentials, expectPagePolicy, watchPage } from "./support";

/**
 * The API reference at /docs: Scalar's bundle served by the app, rendered in Chromium under the
 * page's Content-Security-Policy, with no request to any other host, no console error and no
 * policy violation.
 */

interface TOpenApi {
  paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

/**
 * Scalar's bundle (4 MB) is parsed and mounted after the page loads, then reads and lays out the
 * OpenAPI document: wait for its search box and for the sidebar's first group.
 */
async function referenceMounted(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: /Open Search/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: /^(Open|Close) Group - / }).first()).toBeVisible({ timeout: 30_000 });
}

/** Opens a sidebar group of the reference (Scalar opens the first one by itself). */
async function openGroup(page: Page, name: string): Promise<void> {
  const open = page.getByRole("button", { name: `Open Group - ${name}`, exact: true });
  const close = page.getByRole("button", { name: `Close Group - ${name}`, exact: true });
  // The sidebar renders after the reference mounts: wait for the group's button, whichever it shows.
  await expect(open.or(close).first()).toBeVisible();
  if (await open.isVisible()) await open.click();
  await expect(close).toBeVisible();
}

/** Shows the token validation operation: its group opened, the page scrolled to it. */
async function showTokenValidation(page: Page): Promise<void> {
  await openGroup(page, "Utilities");
  await page
    .getByRole("link", { name: /^Validate .*token/i })
    .first()
    .click();
}

test.describe("API reference", () => {
  test("renders offline: operations grouped by tag, a schema, an example", async ({ page, request, baseURL }) => {
    const doc = (await (await request.get("/v1/openapi.json")).json()) as TOpenApi;
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const tags = [...new Set(operations.flatMap((op) => op.tags ?? []))];
    expect(tags.length).toBeGreaterThan(3);

    const watch = await watchPage(page, baseURL);
    const res = await page.goto("/docs");
    const policy = expectPagePolicy(res!.headers());
    expect(policy).toContain("img-src 'self' data:;");
    await expect(page.getByRole("heading", { name: /API reference/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "/v1/openapi.json" })).toHaveAttribute("href", "/v1/openapi.json");
    await referenceMounted(page);

    // Every tag of the document is a group of the sidebar; a group lists the operations of its tag.
    for (const tag of tags) {
      await expect(page.getByRole("button", { name: new RegExp(`^(Open|Close) Group - ${tag}$`) })).toBeVisible();
    }
    const cards = operations.filter((op) => op.tags?.includes("Cards"));
    expect(cards.length).toBeGreaterThan(1);
    await openGroup(page, "Cards");
    for (const op of cards) await expect(page.getByRole("link", { name: op.summary! }).first()).toBeVisible();

    // The token operation shows an example response built from its schema.
    await showTokenValidation(page);
    const validate = page.locator('[id$="/tag/utilities/GET/token/validate/"]');
    await expect(validate).toContainText('"capabilities"');

    // A schema with its properties.
    await openGroup(page, "Schemas");
    await page.getByRole("link", { name: "Error", exact: true }).click();
    const schema = page.getByRole("region", { name: "Error", exact: true });
    await expect(schema.getByRole("heading", { name: "Error" })).toBeVisible();
    for (const property of Object.keys(doc.components.schemas.Error!.properties!)) {
      await expect(schema.getByRole("listitem").getByText(property, { exact: true }).first()).toBeVisible();
    }
    await expect(schema).toContainText("required");

    expect(await watch.problems()).toEqual([]);
  });

  test("tries a request with the token pasted once, sent as `Token <API_TOKEN>`", async ({ page, baseURL }) => {
    const { token } = demoCredentials();
    const watch = await watchPage(page, baseURL);
    await page.goto("/docs");
    await referenceMounted(page);
    // The reference's Authentication box, above the operations, holds the token for every request.
    await page.getByRole("textbox", { name: "Value", exact: true }).first().fill(`Token ${token}`);
    await showTokenValidation(page);
    await page
      .getByRole("button", { name: /Test Request/ })
      .filter({ hasText: "/token/validate/" })
      .click();
    const client = page.getByRole("dialog");
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/v1/token/validate/");
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/token/validate/");
    await client.getByRole("button", { name: /^Send/ }).first().click();
    expect((await sent).headers().authorization).toBe(`Token ${token}`);
    expect((await answered).status()).toBe(200);
    await expect(client).toContainText("200 OK");
    await expect(client).toContainText('"plan": "paid"');

    expect(await watch.problems()).toEqual([]);
  });

  test("the bundle is served by the app, versioned and kept for a year", async ({ page, request }) => {
    await page.goto("/docs");
    const src = await page.locator('script[src^="/docs/assets/"]').getAttribute("src");
    expect(src).toMatch(/^\/docs\/assets\/scalar-api-reference-\d+\.\d+\.\d+\.js$/);
    const res = await request.get(src!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await res.body()).length).toBeGreaterThan(1_000_000);
    expect((await request.get("/docs/assets/scalar-api-reference-0.0.0.js")).status()).toBe(404);
  });
});
