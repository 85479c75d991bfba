import net from "node:net";
import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/server/env";
import { absoluteUrl, composeMail } from "~/server/domain/mail/compose";
import { closeMail, mailConfigured, SEND_DEADLINE_MS, sendMail } from "~/server/domain/mail/transport";
import { startSmtp, type TSmtpHarness } from "../helpers/smtp";

/** The composer's two parts, and sending through a real SMTP server in this process. */

const BASE = "https://vm.example.test/app";

describe("composeMail", () => {
  const mail = composeMail(
    {
      title: "New cards for <Seed & Co>",
      blocks: [
        { paragraph: 'Ana "the analyst" wrote: <script>alert(1)</script>' },
        {
          items: [
            {
              text: "Acme <b>Robotics</b>",
              href: "/cards/acme",
              details: ["Seed · Berlin"],
              items: [{ text: "Acme's <i>pilot</i>", href: "/cards/acme-pilot", details: ["Pre-seed", "Two & more lines"] }],
            },
            { text: "No link here" },
          ],
        },
        { action: { label: "Open the workspace", href: "/cards?stages=seed&sort=name:asc" } },
      ],
      footer: ["You get this because you follow a saved filter."],
      footerLinks: [{ label: "Notification settings", href: `${BASE}/settings` }],
    },
    BASE,
  );

  it("escapes user content in the HTML part and keeps it as written in the text part", () => {
    expect(mail.html).toContain("New cards for &lt;Seed &amp; Co&gt;");
    expect(mail.html).toContain("Ana &quot;the analyst&quot; wrote: &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("Acme &lt;b&gt;Robotics&lt;/b&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect(mail.text).toContain('Ana "the analyst" wrote: <script>alert(1)</script>');
    expect(mail.text).toContain("- Acme <b>Robotics</b>\n  Seed · Berlin\n  https://vm.example.test/app/cards/acme");
  });

  it("lays items out under an item, one level deeper, with their quieter lines", () => {
    expect(mail.text).toContain(
      [
        "  https://vm.example.test/app/cards/acme",
        "  - Acme's <i>pilot</i>",
        "    Pre-seed",
        "    Two & more lines",
        "    https://vm.example.test/app/cards/acme-pilot",
        "- No link here",
      ].join("\n"),
    );
    expect(mail.html).toMatch(/Seed · Berlin<\/span>\n<ul style="[^"]+">\n<li style="[^"]+"><a href="[^"]+acme-pilot"/);
    expect(mail.html).toContain("Acme&#39;s &lt;i&gt;pilot&lt;/i&gt;</a>");
    expect(mail.html).toContain(">Pre-seed</span><br><span");
    expect(mail.html).toContain("Two &amp; more lines");
  });

  it("makes every link absolute to BASE_URL, in both parts", () => {
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      "https://vm.example.test/app/cards/acme",
      "https://vm.example.test/app/cards/acme-pilot",
      "https://vm.example.test/app/cards?stages=seed&amp;sort=name:asc",
      "https://vm.example.test/app/settings",
    ]);
    expect(mail.text).toContain("Open the workspace:\nhttps://vm.example.test/app/cards?stages=seed&sort=name:asc");
    expect(mail.text).toContain("Notification settings: https://vm.example.test/app/settings");
    expect(() => absoluteUrl("https://elsewhere.test/x", BASE)).toThrow(/outside BASE_URL/);
    expect(() => absoluteUrl("//elsewhere.test/x", BASE)).toThrow(/outside BASE_URL/);
    expect(() => absoluteUrl("javascript:alert(1)", BASE)).toThrow(/outside BASE_URL/);
    expect(() => absoluteUrl("https://vm.example.test/application", BASE)).toThrow(/outside BASE_URL/);
  });

  it("is plain HTML: inline styles, no remote image, no style sheet, no script", () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).not.toMatch(/<img|<style|<link|<script|class=/i);
    expect(mail.html).toContain('style="');
  });

  it("writes a text part for reading: title, paragraphs apart, the footer after a signature line", () => {
    expect(mail.text.startsWith("New cards for <Seed & Co>\n=========================\n\n")).toBe(true);
    expect(mail.text).not.toMatch(/<(p|li|a|td|table)\b/);
    expect(mail.text).toContain("\n-- \nYou get this because you follow a saved filter.\n");
  });
});

describe("sendMail", () => {
  let smtp: TSmtpHarness;
  let refusing: TSmtpHarness;
  const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };

  beforeAll(async () => {
    smtp = await startSmtp({ auth: { user: "mailer", pass: "p@ss:word/1" } });
    refusing = await startSmtp({ refuse: true });
  });
  afterEach(() => {
    closeMail();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  });
  afterAll(async () => {
    await smtp.stop();
    await refusing.stop();
  });

  function configure(vars: Record<string, string | undefined>) {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  }

  it("is off without SMTP_URL and says so", async () => {
    configure({ SMTP_URL: undefined });
    expect(mailConfigured()).toBe(false);
    await expect(sendMail({ to: "a@example.test", subject: "x", text: "x", html: "<p>x</p>" })).rejects.toThrow(/SMTP_URL is not set/);
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://, without repeating it", () => {
    configure({ SMTP_URL: "http://user:secret@mail.example.test" });
    expect(() => mailConfigured()).toThrow(/SMTP_URL: must be smtp:/);
    try {
      mailConfigured();
    } catch (error) {
      expect(String(error)).not.toContain("secret");
    }
  });

  it("sends a multipart message with its headers through an authenticating server, from MAIL_FROM", async () => {
    configure({ SMTP_URL: smtp.url, MAIL_FROM: "Venture Monitor <alerts@vm.example.test>" });
    expect(mailConfigured()).toBe(true);
    const parts = composeMail({ title: "Hello", blocks: [{ paragraph: "Body & more" }] }, BASE);
    const sent = await sendMail({
      to: "Ana@Example.test",
      subject: "Hello ✓",
      ...parts,
      headers: { "List-Unsubscribe": `<${BASE}/unsubscribe/x>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect(sent.response).toMatch(/^250 /);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope).toEqual({ from: "alerts@vm.example.test", to: ["Ana@example.test"] });
    expect(mail!.parsed.subject).toBe("Hello ✓");
    expect(mail!.parsed.messageId).toBe(sent.messageId);
    expect(mail!.parsed.from?.text).toBe('"Venture Monitor" <alerts@vm.example.test>');
    expect(mail!.parsed.text).toContain("Body & more");
    expect(mail!.parsed.html).toContain("Body &amp; more");
    expect(mail!.header("content-type")).toMatch(/^multipart\/alternative/);
    expect(mail!.header("list-unsubscribe")).toBe(`<${BASE}/unsubscribe/x>`);
    expect(mail!.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("defaults MAIL_FROM to no-reply at BASE_URL's host", async () => {
    configure({ SMTP_URL: smtp.url, MAIL_FROM: undefined });
    smtp.clear();
    await sendMail({ to: "b@example.test", subject: "Default sender", text: "t", html: "<p>t</p>" });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.from?.text).toBe('"Venture Monitor" <no-reply@localhost>');
  });

  it("fails with the server's answer when it refuses, or a wrong password, never showing the password", async () => {
    configure({ SMTP_URL: refusing.url });
    await expect(sendMail({ to: "c@example.test", subject: "x", text: "x", html: "<p>x</p>" })).rejects.toThrow(
      /did not accept the message: .*550/,
    );
    closeMail();
    configure({ SMTP_URL: `smtp://mailer:wrong-secret@127.0.0.1:${smtp.port}` });
    const error = await sendMail({ to: "c@example.test", subject: "x", text: "x", html: "<p>x</p>" }).catch((e: unknown) => e);
    expect(String(error)).toMatch(/did not accept the message/);
    expect(String(error)).not.toContain("wrong-secret");
  });

  it("fails a message whose server accepts connections and drops them at once, instead of trying forever", async () => {
    let connections = 0;
    const dropping = net.createServer((socket) => {
      connections += 1;
      socket.end();
    });
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    try {
      configure({ SMTP_URL: `smtp://127.0.0.1:${(dropping.address() as AddressInfo).port}` });
      await expect(sendMail({ to: "d@example.test", subject: "x", text: "x", html: "<p>x</p>" })).rejects.toThrow(
        /did not accept the message/,
      );
      expect(connections).toBeLessThanOrEqual(3);
    } finally {
      closeMail();
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
    }
  });

  it("fails a message the transport never settles once the deadline passes, and starts the next on a new pool", async () => {
    configure({ SMTP_URL: smtp.url });
    const stuck = { sendMail: () => new Promise(() => undefined), close: vi.fn() };
    const create = vi.spyOn(nodemailer, "createTransport").mockReturnValueOnce(stuck as never);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const sent = sendMail({ to: "e@example.test", subject: "x", text: "x", html: "<p>x</p>" });
      const outcome = expect(sent).rejects.toThrow(/no answer within 60 s/);
      await vi.advanceTimersByTimeAsync(SEND_DEADLINE_MS);
      await outcome;
      expect(stuck.close).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    create.mockRestore();
    smtp.clear();
    await sendMail({ to: "f@example.test", subject: "after", text: "x", html: "<p>x</p>" });
    expect((await smtp.waitFor(1))[0]!.parsed.subject).toBe("after");
  });

  it("fails every message while the server is down, and sends again once it is up (no connection is left busy)", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    configure({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    for (let i = 0; i < 4; i++) {
      await expect(sendMail({ to: "g@example.test", subject: `down ${i}`, text: "x", html: "<p>x</p>" })).rejects.toThrow(/ECONNREFUSED/);
    }
    const up = await startSmtp({ port });
    try {
      await sendMail({ to: "g@example.test", subject: "up again", text: "x", html: "<p>x</p>" });
      expect((await up.waitFor(1))[0]!.parsed.subject).toBe("up again");
    } finally {
      closeMail(); // the pooled connection would hold the server's stop
      await up.stop();
    }
  });
});
