import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { demoCredentials, SIGNIN_WAIT } from "./support";

/** What the OAuth and MCP specs share: a partner app's side of Authorization Code + PKCE. */

/** oauth4webapi's option for the test server's plain-http endpoints. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** A loopback listener standing in for a native app's redirect URI (RFC 8252). */
export async function loopback(): Promise<{ server: Server; port: number; next: () => Promise<URL> }> {
  let waiting: ((u: URL) => void) | undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    // Only the redirect itself answers a wait (the browser also asks this "app" for /favicon.ico).
    if (url.pathname !== "/callback") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>Done</title><p>You can close this window.</p>");
    waiting?.(url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, next: () => new Promise<URL>((resolve) => (waiting = resolve)) };
}

/** Signs in with the demo account when the authorization page sent the browser to sign in first. */
export async function signInIfAsked(page: Page): Promise<void> {
  if (!/\/signin/.test(page.url())) return;
  const { email, password } = demoCredentials();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/signin/, SIGNIN_WAIT);
}
