import { logger } from "../../lib/logger";
import { startWorkers } from "../../workers";
import type { TCommand } from "../command";

/**
 * `vmon worker`: the background queues (radar processing and refresh, embeddings, signals refresh,
 * webhook deliveries and saved-filter checks) in a process of their own, until SIGTERM or SIGINT. Then each loop finishes the batch in hand,
 * renewing its lease meanwhile, and the process exits (a job left unfinished by a killed process
 * goes back to its queue when its lease ends, within 20 s: server/domain/jobs/lease.ts).
 * Web processes started with WORKERS=off leave the queues to such processes; any number of them
 * can run on one database, each job is claimed by one (FOR UPDATE SKIP LOCKED).
 */
export const workerCommand: TCommand = {
  name: "worker",
  usage: "vmon worker                           run the background queues until stopped (SIGTERM: finish the batch in hand)",
  options: {},
  async run({ io, database }) {
    const stop = startWorkers(database.db);
    logger.info("worker running", { pid: process.pid });
    io.info("worker running; stop with SIGTERM or Ctrl-C");
    const signal = await new Promise<string>((resolve) => {
      process.once("SIGTERM", () => resolve("SIGTERM"));
      process.once("SIGINT", () => resolve("SIGINT"));
    });
    logger.info("worker stopping: finishing the batch in hand", { signal });
    await stop();
    io.result({ stopped: true, signal }, "Worker stopped.");
  },
};
