import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmtp, type TSmtpHarness } from "../helpers/smtp";

/**
 * `vmon mail test` as a user runs it: a child process (asynchronous, so that the SMTP server in
 * this process can answer it). It needs no database.
 */
vi.setConfig({ testTimeout: 180_000 });

let smtp: TSmtpHarness;
let refusing: TSmtpHarness;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtp({ auth: { user: "cli", pass: "s3cret-pass" } });
  refusing = await startSmtp({ refuse: true });
  dataDir = mkdtempSync(path.join(tmpdir(), "vmon-mail-"));
});
afterAll(async () => {
  await smtp.stop();
  await refusing.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function vmon(vars: Record<string, string | undefined>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: undefined, VMON_DATABASE_URL: undefined, DATA_DIR: dataDir, SMTP_URL: undefined, ...vars };
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/vmon.js", ...args], { env, encoding: "utf8", timeout: 170_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("vmon mail test", () => {
  it("sends a multipart test message through SMTP_URL and prints the message id", async () => {
    const r = await vmon({ SMTP_URL: smtp.url, MAIL_FROM: "VM <vm@example.test>" }, "mail", "test", "--to", "ops@example.test", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ sent: true, to: "ops@example.test", from: "VM <vm@example.test>" });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.messageId).toBe(out.message_id);
    expect(mail!.parsed.subject).toBe("Venture Monitor: test message");
    expect(mail!.envelope.to).toEqual(["ops@example.test"]);
    expect(mail!.parsed.text).toContain("vmon mail test");
    expect(mail!.parsed.html).toContain('href="http://localhost:3000/"');
    expect(`${r.stdout}${r.stderr}`).not.toContain("s3cret-pass");
  });

  it("says what to do and exits 1 without SMTP_URL", async () => {
    const r = await vmon({}, "mail", "test", "--to", "ops@example.test");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("E-mail is not configured: set SMTP_URL");
    const json = await vmon({}, "mail", "test", "--to", "ops@example.test", "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: "validation_error" });
  });

  it("exits 1 with the server's answer when the server refuses the message", async () => {
    const r = await vmon({ SMTP_URL: refusing.url }, "mail", "test", "--to", "ops@example.test");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/did not accept the message: .*550/);
  });

  it("exits 1 when the password is wrong, without printing it", async () => {
    const r = await vmon({ SMTP_URL: `smtp://cli:wrong-pass-x@127.0.0.1:${smtp.port}` }, "mail", "test", "--to", "ops@example.test");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/did not accept the message/);
    expect(r.stderr).not.toContain("wrong-pass-x");
  });

  it("refuses a malformed SMTP_URL without printing it, and needs --to", async () => {
    const bad = await vmon({ SMTP_URL: "mail.example.test:25 hunter2" }, "mail", "test", "--to", "ops@example.test");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("SMTP_URL: must be smtp://");
    expect(bad.stderr).not.toContain("hunter2");
    const noTo = await vmon({ SMTP_URL: smtp.url }, "mail", "test");
    expect(noTo.code).toBe(2);
    expect(noTo.stderr).toContain("--to is required");
  });
});
