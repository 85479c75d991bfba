import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server inside the test process (smtp-server), on 127.0.0.1: every message it
 * accepts is parsed with mailparser and kept, in order. Used by unit tests and Playwright specs.
 *
 *   const smtp = await startSmtp();                       // random port, no authentication
 *   const smtp = await startSmtp({ auth: { user, pass } }); // AUTH PLAIN/LOGIN required
 *   process.env.SMTP_URL = smtp.url;                      // smtp://[user:pass@]127.0.0.1:<port>
 *   const [mail] = await smtp.waitFor(1);                 // the parsed messages once there are 1
 *   await smtp.stop();
 *
 * `refuse` makes the server answer every message with a permanent 550 (a server that refuses).
 * No STARTTLS (the server has no certificate a client would trust).
 */

interface TReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  /** Header values by lower-case name (the first of each), as text. */
  header(name: string): string | undefined;
  /** The raw message. */
  raw: string;
}

export interface TSmtpHarness {
  port: number;
  url: string;
  messages: TReceivedMail[];
  /** Resolves with the messages once at least `count` arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<TReceivedMail[]>;
  /** The messages sent to one address. */
  to(address: string): TReceivedMail[];
  clear(): void;
  stop(): Promise<void>;
}

export interface TSmtpOptions {
  auth?: { user: string; pass: string };
  /** A fixed port (a server under test configured in advance); default: a random free port. */
  port?: number;
  refuse?: boolean;
  /** Milliseconds the server takes before accepting each message (a slow server, a stop in the middle of a run). */
  delayMs?: number;
}

function headerText(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name.toLowerCase());
  return line ? line.line.slice(line.line.indexOf(":") + 1).trim() : undefined;
}

export async function startSmtp(options: TSmtpOptions = {}): Promise<TSmtpHarness> {
  const messages: TReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (options.refuse) {
          const error = Object.assign(new Error("Message refused by policy"), { responseCode: 550 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const delay = new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
        delay
          .then(() => simpleParser(raw))
          .then(
            (parsed) => {
              const from = session.envelope.mailFrom;
              messages.push({
                envelope: { from: from ? from.address : "", to: session.envelope.rcptTo.map((r) => r.address) },
                parsed,
                header: (name) => headerText(parsed, name),
                raw,
              });
              for (const wake of waiters) wake();
              callback(null);
            },
            (error: Error) => callback(error),
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : "";
  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve([...messages]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`waited ${timeoutMs} ms for ${count} message(s), got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    to: (address) => messages.filter((m) => m.envelope.to.some((a) => a.toLowerCase() === address.toLowerCase())),
    clear: () => {
      messages.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
