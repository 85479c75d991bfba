import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { auth, demoCredentials, vmon } from "./support";

test.describe("public catalog", () => {
  test("GET / answers the JSON catalog without a token", async ({ request }) => {
    const res = await request.get("/", { headers: { Accept: "application/json" } });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.data.version).toBe("v1");
    expect(body.data.base_url).toMatch(/\/v1\/$/);
    const paths = body.data.endpoints.map((e: { path: string }) => e.path);
    expect(paths).toContain("/v1/cards/");
    expect(paths).toContain("/v1/radar/updates/");
    const restricted = body.data.endpoints.find((e: { path: string }) => e.path === "/v1/network_a/profiles/");
    expect(restricted).toMatchObject({ access: "restricted", note: expect.any(String) });
  });

  test("a browser asking for HTML is led to sign in (then the workspace)", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("heading", { name: "Sign in to Venture Monitor" })).toBeVisible();
  });

  test("the OpenAPI document is served, and /docs links to it", async ({ page, request }) => {
    const doc = await (await request.get("/v1/openapi.json")).json();
    expect(Object.keys(doc.paths)).toContain("/token/validate/");
    expect(doc.components.schemas.Error.required).toEqual(["error", "message"]);
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
    await expect(page.getByRole("link", { name: "/v1/openapi.json" })).toBeVisible();
  });
});

test.describe("REST surface", () => {
  test("the printed demo token validates, with rate-limit headers", async ({ request }) => {
    const { token } = demoCredentials();
    const res = await request.get("/v1/token/validate/", { headers: auth(token) });
    expect(res.status()).toBe(200);
    expect(res.headers()["x-ratelimit-limit"]).toBe("500");
    const body = await res.json();
    expect(body.data.access.plan).toBe("paid");
    expect(body.data.capabilities.network_a_profiles.allowed).toBe(true);
  });

  test("every answer carries the security headers, and no page policy", async ({ request }) => {
    const { token } = demoCredentials();
    const answers = [
      await request.get("/v1/token/validate/", { headers: auth(token) }),
      await request.get("/v1/token/validate/"),
      await request.get("/v1/does-not-exist/", { headers: auth(token) }),
      await request.post("/v1/cards/", { headers: { ...auth(token), "Content-Type": "application/json" }, data: "{bad" }),
      await request.get("/v1/openapi.json"),
      await request.get("/", { headers: { Accept: "application/json" } }),
      await request.get("/readyz"),
    ];
    expect(answers.map((r) => r.status())).toEqual([200, 401, 404, 400, 200, 200, 200]);
    for (const r of answers) {
      expect(r.headers()["x-content-type-options"], r.url()).toBe("nosniff");
      expect(r.headers()["referrer-policy"], r.url()).toBe("strict-origin-when-cross-origin");
      // BASE_URL is http here: HSTS only over https.
      expect(r.headers()["strict-transport-security"], r.url()).toBeUndefined();
      expect(r.headers()["content-security-policy"], r.url()).toBeUndefined();
    }
  });

  test("both trailing-slash forms answer, and errors have the spec's body", async ({ request }) => {
    const { token } = demoCredentials();
    expect((await request.get("/v1/token/validate", { headers: auth(token) })).status()).toBe(200);
    const missing = await request.get("/v1/token/validate/");
    expect(missing.status()).toBe(401);
    expect(await missing.json()).toEqual({ error: "not_authenticated", message: expect.any(String) });
    const unknown = await request.get("/v1/does-not-exist/", { headers: auth(token) });
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error).toBe("not_found");
  });
});

test.describe("syncing from outside", () => {
  test("the change feed serves every card once, then an imported one; the counts per stage add up to the list", async ({ request }) => {
    const email = `feed-${Date.now()}@example.test`;
    expect(vmon(["users", "create", "--email", email, "--password", "correct horse battery"]).code).toBe(0);
    const token = JSON.parse(vmon(["tokens", "create", "--email", email, "--json"]).stdout).token as string;
    const get = async (url: string) => {
      const res = await request.get(url, { headers: auth(token) });
      expect(res.status(), url).toBe(200);
      return res.json();
    };
    type TPage = { data: { id: number; change: string; data?: { slug: string } }[]; next_cursor: string; has_more: boolean };
    const copy = new Map<number, string>();
    const apply = (page: TPage) => {
      for (const c of page.data) {
        if (c.change === "upsert") copy.set(c.id, c.data!.slug);
        else copy.delete(c.id);
      }
    };
    let cursor = "";
    for (let more = true; more;) {
      const page = (await get(`/v1/changes/?types=card&limit=1000${cursor ? `&cursor=${cursor}` : ""}`)) as TPage;
      apply(page);
      cursor = page.next_cursor;
      more = page.has_more;
    }
    const total = (await get("/v1/cards/?limit=1&include_total=true")).pagination.total as number;
    expect(copy.size).toBe(total);

    const slug = `feed-card-${Date.now()}`;
    const file = path.join(mkdtempSync(path.join(tmpdir(), "vm-feed-")), "cards.jsonl");
    writeFileSync(file, `${JSON.stringify({ kind: "card", slug, name: "Feed Card" })}\n`);
    const imported = vmon(["import", file]);
    expect(imported.code, imported.stderr).toBe(0);
    // Served once every transaction older than the import's has ended (a background run may be in one).
    await expect
      .poll(async () => {
        const next = (await get(`/v1/changes/?types=card&cursor=${cursor}`)) as TPage;
        apply(next);
        cursor = next.next_cursor;
        return [...copy.values()].includes(slug);
      })
      .toBe(true);
    expect(copy.size).toBe(total + 1);

    const perStage = (await get("/v1/cards/aggregate/?group_by=stage")) as { data: { count: number }[]; meta: { total: number } };
    expect(perStage.meta.total).toBe(total + 1);
    expect(perStage.data.reduce((sum, g) => sum + g.count, 0)).toBe(total + 1);
  });
});

test.describe("command line while the server runs", () => {
  test("vmon creates a token the running server accepts, and revokes it", async ({ request }) => {
    // An account of this run's own: its lifetime quota starts at zero also when the suite runs again on one database.
    const email = `cli-e2e-${Date.now().toString(36)}@example.test`;
    const created = vmon(["tokens", "create", "--email", email, "--plan", "free", "--limit", "3", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const { token, account } = JSON.parse(created.stdout);
    expect(account).toMatchObject({ email, plan: "free", limit: 3 });
    const ok = await request.get("/v1/token/validate/", { headers: auth(token) });
    expect((await ok.json()).data.access).toEqual({ plan: "free", limit: 3, period: "lifetime", used: 1, remaining: 2 });

    const listed = vmon(["tokens", "list", "--email", email, "--json"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(token);

    expect(vmon(["tokens", "revoke", token]).code).toBe(0);
    const revoked = await request.get("/v1/token/validate/", { headers: auth(token) });
    expect(revoked.status()).toBe(401);
    expect((await revoked.json()).error).toBe("authentication_failed");
  });

  test("vmon reports bad input with a non-zero exit and a clear message", async () => {
    const r = vmon(["tokens", "create", "--email", "cli-e2e@example.test", "--plan", "gold"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("--plan must be one of");
    expect(vmon(["nonsense"]).code).toBe(2);
  });
});

test.describe("static files", () => {
  test("the icon is served (also as /favicon.ico), like Next's own files, with the security headers", async ({ page, request }) => {
    await page.goto("/signin");
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(icon).toMatch(/^\/favicon\.svg/);
    const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute("src");
    for (const path of [icon!, "/favicon.ico", script!]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    }
    expect((await request.get("/favicon.ico")).headers()["content-type"]).toBe("image/svg+xml");
  });
});
