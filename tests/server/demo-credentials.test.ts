import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { demoCredentialsFile, demoCredentialsNotice, saveDemoCredentials } from "~/server/demo-credentials";

/**
 * What a start prints about the demo account (server/main.ts): the password and the API token on
 * the start that created them only; later starts name the file that keeps them.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "vm-demo-credentials-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const credentials = { email: "demo@venture-monitor.local", password: "pw-Zq81x_Yt0e", token: "vm_live_0123456789abcdef" };

describe("demo credentials at start", () => {
  it("prints nothing when there is no demo account", () => {
    expect(demoCredentialsNotice(dataDir, "http://localhost:3000", undefined)).toBeUndefined();
  });

  it("prints the password and the token on the start that creates them, and keeps them in a file only the owner reads", () => {
    saveDemoCredentials(dataDir, credentials);
    const file = demoCredentialsFile(dataDir);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(credentials);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const first = demoCredentialsNotice(dataDir, "http://localhost:3000", credentials)!;
    expect(first).toContain("http://localhost:3000/signin with demo@venture-monitor.local / pw-Zq81x_Yt0e");
    expect(first).toContain("API token: vm_live_0123456789abcdef");
    expect(first).toContain(file);
  });

  it("on later starts names the file and prints neither the password nor the token", () => {
    const later = demoCredentialsNotice(dataDir, "http://localhost:3000", undefined)!;
    expect(later).toContain(path.join(dataDir, "demo-credentials.json"));
    expect(later).not.toContain(credentials.password);
    expect(later).not.toContain(credentials.token);
  });
});
