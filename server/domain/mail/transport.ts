import net from "node:net";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { env } from "~/server/env";
import { AppError } from "~/server/lib/errors";

/**
 * Sending e-mail (docs/mail.md): one pooled nodemailer transport per process, built from
 * SMTP_URL. `smtps://` speaks TLS from the start; `smtp://` upgrades with STARTTLS when the server
 * offers it. Connection, greeting and socket waits are bounded, so a mail server that hangs never
 * holds a request or a worker for long. SMTP_URL carries a password: it is never logged, and the
 * errors raised here name the mail server's host and answer only.
 */

export interface TMailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, ...). */
  headers?: Record<string, string>;
}

export interface TMailSent {
  /** The Message-ID of the message the server accepted. */
  messageId: string;
  /** The server's answer to the message (`250 ... queued as ...`). */
  response: string;
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;
/**
 * The most one message may take, whatever happens inside the transport: beyond it the message
 * fails and the pool is replaced. Every wait the transport has is bounded by TIMEOUTS; this
 * bounds any it might still miss.
 */
export const SEND_DEADLINE_MS = 60_000;

let current: { url: string; transport: nodemailer.Transporter<SMTPPool.SentMessageInfo> } | undefined;

/** Whether e-mail can be sent (SMTP_URL is set). */
export function mailConfigured(): boolean {
  return env().SMTP_URL !== undefined;
}

/**
 * Opens a pooled connection's socket with Nagle's algorithm off. nodemailer writes the end of a
 * message as a small segment of its own, which Nagle holds back until the server acknowledges the
 * previous one, and servers delay that acknowledgement (40 ms on Linux): with Nagle on, every
 * message would wait for that delay, even on loopback (bench:alerts, bench/results/alerts.md). TLS
 * (`smtps://`, STARTTLS) is set up over this socket by nodemailer as over its own.
 *
 * A socket that cannot be opened is not answered with an error: nodemailer's pool keeps a
 * connection whose socket hook failed as busy for good, so two failures (a mail server down for
 * a moment) would stop every later message. Answered with no socket, nodemailer opens the
 * connection itself and fails it (or succeeds) its own way, which frees the pool's slot.
 */
function connectNoDelay(
  options: { host?: string; port?: number },
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
): void {
  const socket = net.connect({ host: options.host, port: Number(options.port), noDelay: true });
  const fail = () => {
    clearTimeout(timer);
    socket.destroy();
    callback(null);
  };
  const timer = setTimeout(fail, TIMEOUTS.connectionTimeout);
  socket.once("error", fail);
  socket.once("connect", () => {
    clearTimeout(timer);
    socket.removeListener("error", fail);
    callback(null, { connection: socket });
  });
}

/** The transport's options from an `smtp://` or `smtps://` URL (validated by server/env.ts). */
function transportOptions(smtpUrl: string): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  // `maxRequeues` is a pool option the package's type declarations do not list.
  const options: SMTPPool.Options & { maxRequeues: number } = {
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    // A message whose connection closed is tried again on a new one at most twice: by default the
    // pool tries forever, and a server that accepts connections and drops them at once would hold
    // the message (and whoever waits for it) for good.
    maxRequeues: 2,
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    ...TIMEOUTS,
    getSocket: connectNoDelay,
  };
  return options;
}

function transport(): nodemailer.Transporter<SMTPPool.SentMessageInfo> {
  const url = env().SMTP_URL;
  if (url === undefined) throw new AppError("internal_error", "E-mail is not configured: SMTP_URL is not set.");
  if (current?.url !== url) {
    current?.transport.close();
    current = { url, transport: nodemailer.createTransport(transportOptions(url)) };
  }
  return current.transport;
}

/** The host and port of the mail server, for messages (never the URL: it may carry a password). */
export function mailServerName(): string | undefined {
  const url = env().SMTP_URL;
  if (url === undefined) return undefined;
  const options = transportOptions(url);
  return `${options.host}:${options.port}`;
}

/**
 * Sends one message from MAIL_FROM; answers once the mail server has accepted it. A refusal, or
 * a server that cannot be reached, is an AppError saying which server and what it answered.
 */
export async function sendMail(message: TMailMessage): Promise<TMailSent> {
  const sender = transport();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The pool may hold a connection that never answers: the next message starts a new one.
      if (current?.transport === sender) closeMail();
      reject(new Error(`no answer within ${SEND_DEADLINE_MS / 1000} s`));
    }, SEND_DEADLINE_MS);
  });
  try {
    const sending = sender.sendMail({
      from: env().MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    const info = await Promise.race([sending, deadline]);
    if (info.rejected.length > 0) throw new Error(`recipient refused: ${info.response}`);
    return { messageId: info.messageId, response: info.response };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("internal_error", `The mail server ${mailServerName()} did not accept the message: ${reason}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the pooled connections (the command line, tests, shutdown). */
export function closeMail(): void {
  current?.transport.close();
  current = undefined;
}
