import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { signIn, watchPage } from "./support";

/**
 * /settings/webhooks against a started server (playwright.config.ts sets WEBHOOKS_ALLOW_PRIVATE=1
 * so that the server may reach this test's receiver on 127.0.0.1): add an endpoint, see its secret
 * once, change its events, send a test that the receiver verifies, read the delivery log,
 * redeliver, disable, rotate, delete. No console error, no policy violation.
 */

test("webhook endpoints: add, test, delivery log, redeliver, disable, rotate, delete", async ({ page, baseURL }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/settings/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    await page.getByLabel("URL").fill(url);
    await page.getByLabel("Description").fill("e2e receiver");
    // Nothing is ticked for the analyst: the events are chosen.
    await expect(page.getByRole("checkbox", { name: /Radar update detected/ })).not.toBeChecked();
    await page.getByRole("checkbox", { name: /Radar update detected/ }).check();
    await page.getByRole("checkbox", { name: /Profile connected/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: url });
    await expect(endpoint).toContainText("Enabled");
    await expect(endpoint.getByTestId("webhook-events")).toHaveText("radar.update.created, radar.connection.created");
    // The box follows the saved endpoint: it changes once the update is answered.
    await endpoint.getByRole("checkbox", { name: `radar.connection.created for ${url}` }).click();
    await expect(endpoint.getByTestId("webhook-events")).toHaveText("radar.update.created");
    // The last event cannot be unchecked (an endpoint listens to at least one).
    await expect(endpoint.getByRole("checkbox", { name: `radar.update.created for ${url}` })).toBeDisabled();

    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await expect(page).toHaveURL(/\?endpoint=\d+$/);
    const status = page.getByTestId("delivery-status").first();
    await expect(status).toHaveText("succeeded", { timeout: 15_000 });
    expect(received).toHaveLength(1);
    const wh = new Webhook(secret);
    expect(wh.verify(received[0]!.body, received[0]!.headers as Record<string, string>)).toMatchObject({ type: "ping" });

    const row = page.getByTestId("delivery").first();
    await row.getByText("Request and response").click();
    await expect(row).toContainText("webhook-signature");
    await expect(row).toContainText("thanks");
    await row.getByRole("button", { name: "Redeliver" }).click();
    await expect(page.getByTestId("delivery")).toHaveCount(2);
    await expect(page.getByTestId("delivery-status").first()).toHaveText("succeeded", { timeout: 15_000 });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"]);

    await endpoint.getByRole("button", { name: "Disable" }).click();
    await expect(endpoint).toContainText("Disabled by the account.");
    await endpoint.getByRole("button", { name: "Enable" }).click();
    await expect(endpoint).toContainText("Enabled");

    await endpoint.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByTestId("webhook-secret")).not.toHaveText(secret);

    page.once("dialog", (d) => void d.accept());
    await endpoint.getByRole("button", { name: `Delete ${url}` }).click();
    await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings\/webhooks$/);

    expect(await watch.problems()).toEqual([]);

    // The guard's refusal is shown on the form (the server allows private addresses in this run: a
    // bad scheme instead). The browser itself logs the refused request; nothing else goes wrong.
    await page.getByLabel("URL").fill("ftp://example.com/hook");
    // No event chosen: said beside the events, nothing sent.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Choose at least one event to receive.")).toBeVisible();
    await page.getByRole("checkbox", { name: /Radar update detected/ }).check();
    await expect(page.getByText("Choose at least one event to receive.")).toHaveCount(0);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    // Beside its field, in plain words.
    await expect(page.getByText("The URL must use http or https.")).toBeVisible();
    await expect(page.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
    expect(await watch.problems()).toEqual([
      "console error: Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
  } finally {
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
  }
});
