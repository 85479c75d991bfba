import type { TDb } from "~/server/db/client";
import { env } from "~/server/env";
import { logger } from "~/server/lib/logger";
import { mailConfigured } from "../mail/transport";
import { LEASE_MS, whileLeased } from "../jobs/lease";
import { claim, complete, enqueue, renewJobs, startLoop } from "../jobs/queue";
import { runEmailDeliveries } from "./email";
import { notifyFromEvents } from "./from-events";
import { readExpiredInvitations } from "./invitations";

/**
 * The notifications on the worker (the server process, or `vmon worker`): every `periodMs` a run
 * is queued on the durable job queue (one job, key "run"); whichever process claims it turns the
 * events that name the notifications (new radar updates, saved filters' new matches:
 * from-events.ts) into notifications, and marks the notifications of invitations that expired
 * read (invitations.ts), under the job's lease, so two processes never run at once. What a run
 * has not taken stays in the event log for the next. E-mail (email.ts) runs the same way on a queue of its own,
 * every 15 seconds while SMTP_URL is set; a stop lets it finish the message in hand.
 */

const QUEUE = "notifications";
const NOTIFY_RUN_MS = 5_000;

export async function notificationTick(db: TDb, due: boolean): Promise<boolean> {
  if (due) await enqueue(db, QUEUE, {}, { key: "run" });
  const jobs = await claim(db, QUEUE, 1, LEASE_MS);
  if (jobs.length === 0) return false;
  await whileLeased(
    QUEUE,
    (until) => renewJobs(db, jobs, until),
    {},
    async () => {
      const made = await notifyFromEvents(db);
      const expired = await readExpiredInvitations(db);
      if (made.notifications > 0) logger.info("notifications made", made);
      if (expired > 0) logger.info("expired invitations' notifications read", { count: expired });
    },
  );
  await complete(
    db,
    jobs.map((j) => j.id),
  );
  return true;
}

const MAIL_QUEUE = "notification-mail";
const MAIL_RUN_MS = 15_000;

/** One e-mail run when one is due (or left by a stopped or crashed process); false when none ran. */
async function mailTick(db: TDb, due: boolean, stopping: () => boolean = () => false): Promise<boolean> {
  if (!mailConfigured()) return false;
  if (due) await enqueue(db, MAIL_QUEUE, {}, { key: "run" });
  const jobs = await claim(db, MAIL_QUEUE, 1, LEASE_MS);
  if (jobs.length === 0) return false;
  await whileLeased(
    MAIL_QUEUE,
    (until) => renewJobs(db, jobs, until),
    {},
    async () => {
      const sent = await runEmailDeliveries(db, { base: env().BASE_URL, stopping });
      if (sent.instant + sent.digests + sent.failed > 0) logger.info("notification e-mails", sent);
    },
  );
  await complete(
    db,
    jobs.map((j) => j.id),
  );
  return true;
}

export function startNotificationWorkers(db: TDb, opts: { periodMs?: number; mailPeriodMs?: number } = {}) {
  let lastRun = 0;
  let lastMail = 0;
  let stopping = false;
  const notifications = startLoop("notifications", 1000, async () => {
    const due = Date.now() - lastRun >= (opts.periodMs ?? NOTIFY_RUN_MS);
    if (due) lastRun = Date.now();
    await notificationTick(db, due);
    return 0;
  });
  const mail = startLoop("notification-mail", 1000, async () => {
    const due = Date.now() - lastMail >= (opts.mailPeriodMs ?? MAIL_RUN_MS);
    if (due) lastMail = Date.now();
    await mailTick(db, due, () => stopping);
    return 0;
  });
  return async () => {
    stopping = true;
    await Promise.all([notifications(), mail()]);
  };
}
