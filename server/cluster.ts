import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type { TEnv } from "./env";
import { logger } from "./lib/logger";

/**
 * HTTP processes: one Node process runs JavaScript on one core, so on a PostgreSQL server the
 * service forks one HTTP process per core (HTTP_PROCESSES, "auto"), sharing the port (node:cluster).
 * The primary keeps what must run once: migrations, demo data, background workers. The embedded
 * database is served by the process that opened it: there, and under `next dev`, one process.
 */
export function httpProcessCount(config: TEnv, mode: "postgres" | "embedded", dev: boolean): number {
  if (config.HTTP_PROCESSES !== "auto") return config.HTTP_PROCESSES;
  if (dev || mode === "embedded") return 1;
  return Math.min(availableParallelism(), 4);
}

/** Beyond an HTTP process's grace period, how long the primary waits for it to exit. */
const HTTP_PROCESS_BACKSTOP_MS = 5_000;
/** How long the primary waits for an HTTP process to confirm that it closed its listener. */
const STOP_ACCEPTING_WAIT_MS = 2_000;
const STOP_ACCEPTING = "vmon:stop-accepting";
const NOT_ACCEPTING = "vmon:not-accepting";

/**
 * Asks an HTTP process to close its listener and waits for its answer. The process sends the
 * answer after its listener's close message, on the same channel: when it arrives, the primary
 * no longer hands that process connections.
 */
function stopAccepting(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("exit", done);
      resolve();
    };
    const onMessage = (message: unknown) => {
      if (message === NOT_ACCEPTING) done();
    };
    const timer = setTimeout(done, STOP_ACCEPTING_WAIT_MS);
    worker.on("message", onMessage);
    worker.once("exit", done);
    worker.send(STOP_ACCEPTING);
  });
}

/**
 * In an HTTP process: closes the listener when the primary asks (forkHttpProcesses' stop) and
 * confirms. A SIGINT from a terminal reaches every process of the group; the forked ones leave
 * the stop to the primary, which sequences it (SIGTERM stops one directly).
 */
export function onHttpProcessStopAccepting(stop: () => void): void {
  process.on("message", (message) => {
    if (message !== STOP_ACCEPTING) return;
    stop();
    process.send?.(NOT_ACCEPTING);
  });
  process.on("SIGINT", () => {});
}

/**
 * Forks `n` HTTP processes and resolves once all listen; the result stops them (SIGTERM: each
 * stops accepting, answers what it has and exits; the shared port stays open until the last one
 * has closed its listener).
 */
export async function forkHttpProcesses(n: number): Promise<(graceMs: number) => Promise<void>> {
  let stopping = false;
  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const failed = (code: number | null) => reject(new Error(`HTTP process exited with ${code} before listening`));
      worker.once("exit", failed);
      worker.once("listening", () => {
        worker.off("exit", failed);
        worker.once("exit", (code, signal) => {
          if (stopping) return;
          logger.error("HTTP process exited; starting another", { pid: worker.process.pid, code, signal });
          setTimeout(() => void fork().catch((err: unknown) => logger.error("could not restart an HTTP process", { error: err })), 1000);
        });
        resolve(worker);
      });
    });
  await Promise.all(Array.from({ length: n }, fork));
  return async (graceMs: number) => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    // First every process closes its listener, so that the shared port closes before any of them
    // tells its clients to reconnect (`Connection: close`): a reconnecting client then finds the
    // port closed rather than a process about to stop.
    await Promise.all(running.map((w) => stopAccepting(w)));
    // Then each process stops gracefully on SIGTERM (server/shutdown.ts), within its own grace
    // period and backstop; one that is still there after both is killed.
    await Promise.all(
      running.map(
        (w) =>
          new Promise<void>((resolve) => {
            const kill = setTimeout(() => {
              logger.error("HTTP process did not stop in time; killing it", { pid: w.process.pid });
              w.process.kill("SIGKILL");
            }, graceMs + HTTP_PROCESS_BACKSTOP_MS);
            w.once("exit", () => {
              clearTimeout(kill);
              resolve();
            });
            w.process.kill("SIGTERM");
          }),
      ),
    );
  };
}
