import { expect, test } from "@playwright/test";
import { demoCredentials } from "./support";

test.describe("analyst workspace", () => {
  test("signs in with the demo account, searches cards and opens one", async ({ page }) => {
    const { email, password } = demoCredentials();
    await page.goto("/cards");
    await expect(page).toHaveURL(/\/signin/);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/cards$/);

    const list = page.getByTestId("card-list");
    await expect(list.locator("li").first()).toBeVisible();
    await expect(page.getByText(/results/)).toBeVisible();

    await page.getByLabel("Search cards").fill("compliance");
    await page.getByRole("button", { name: "Search" }).click();
    // The previous results stay on screen (marked busy) until the search answers.
    await expect(list).toHaveAttribute("aria-busy", "false");
    const first = list.locator("li a").first();
    await expect(first).toBeVisible();
    const name = await first.textContent();
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name ?? "");
    await expect(page.getByRole("heading", { name: "Recent interactions" })).toBeVisible();
  });

  test("refuses a wrong password", async ({ page }) => {
    const { email } = demoCredentials();
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
  });

  test("creates an API token from the browser that the API accepts", async ({ page, request }) => {
    const { email, password } = demoCredentials();
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/cards$/);
    await page.goto("/tokens");
    await page.getByPlaceholder("Label (optional)").fill("e2e");
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByTestId("new-token").textContent())!.trim();
    const res = await request.get("/v1/token/validate/", { headers: { Authorization: `Token ${token}` } });
    expect(res.status()).toBe(200);
  });
});
