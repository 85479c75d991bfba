import { watchDatabase } from "~/server/db/watch";
import { logger } from "~/server/lib/logger";
import { startWorkers, WORKER_STOP_GRACE_MS } from "~/server/workers";
import type { TCommand } from "../command";

/** How long the embedded database's host may be unreachable before the worker gives up. */
const WORKER_GONE_MS = 10_000;

/**
 * `vmon worker`: the background queues (radar processing and refresh, embeddings, signals refresh,
 * webhook deliveries and saved-filter checks) in a process of their own, until SIGTERM or SIGINT. Then each loop finishes the batch in hand
 * (its lease renewed meanwhile) for up to WORKER_STOP_GRACE_MS; what is still running then, or at a
 * second signal, is given back to its queue at once and the process exits. A job left unfinished by a
 * killed process goes back to its queue when its lease ends, within 20 s (server/domain/jobs/lease.ts).
 * Web processes started with WORKERS=off leave the queues to such processes; any number of them
 * can run on one database, each job is claimed by one (FOR UPDATE SKIP LOCKED).
 */
export const workerCommand: TCommand = {
  name: "worker",
  usage: "vmon worker                           run the background queues until stopped (SIGTERM: finish the batch in hand)",
  options: {},
  // On the embedded database the server owns the data directory (and runs the queues itself
  // unless WORKERS=off): a worker joins it, and exits 1 once it is gone, for a supervisor to
  // start it again beside the next server. On PostgreSQL it waits out an outage.
  joinOnly: true,
  async run({ io, database }) {
    const stopWatch = watchDatabase(
      database.mode === "embedded"
        ? {
            goneAfterMs: WORKER_GONE_MS,
            onGone: () => {
              logger.error("the server that hosts the embedded database stopped; the worker exits");
              process.exit(1);
            },
          }
        : {},
    );
    const stop = startWorkers(database.db);
    logger.info("worker running", { pid: process.pid });
    io.info("worker running; stop with SIGTERM or Ctrl-C");
    const signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT"];
    const nextSignal = () =>
      new Promise<NodeJS.Signals>((resolve) => {
        const on = (signal: NodeJS.Signals) => {
          for (const s of signals) process.off(s, on);
          resolve(signal);
        };
        for (const s of signals) process.on(s, on);
      });
    const signal = await nextSignal();
    logger.info("worker stopping: finishing the batch in hand", { signal, graceMs: WORKER_STOP_GRACE_MS });
    stopWatch();
    const how = await stop(WORKER_STOP_GRACE_MS, nextSignal());
    io.result(
      { stopped: true, signal, work: how },
      how === "finished" ? "Worker stopped." : "Worker stopped; unfinished work went back to the queues.",
    );
    // Work given back may still be running here: end now rather than let it write through a closed pool.
    if (how === "released") process.exit(0);
  },
};
