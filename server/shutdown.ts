import { logger } from "./lib/logger";

/** How long a stop waits for the requests in progress before cutting them. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** After the grace period, how long the rest of a stop (workers, pools) may take before the process ends anyway. */
const SHUTDOWN_BACKSTOP_MS = 10_000;

/**
 * On the first of `signals` (SIGTERM, SIGINT), runs `stop(graceMs)` once and exits: 0 when it
 * completed, 1 when it failed or did not complete within the grace period and the backstop after
 * it (logged). A second signal while stopping changes nothing.
 */
export function onStopSignal(
  stop: (graceMs: number) => Promise<void>,
  { graceMs = SHUTDOWN_GRACE_MS, signals = ["SIGTERM", "SIGINT"] }: { graceMs?: number; signals?: NodeJS.Signals[] } = {},
): void {
  let stopping = false;
  const run = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal, graceMs });
    setTimeout(() => {
      logger.error("shutdown did not complete in time; exiting", { ms: graceMs + SHUTDOWN_BACKSTOP_MS });
      process.exit(1);
    }, graceMs + SHUTDOWN_BACKSTOP_MS).unref();
    stop(graceMs).then(
      () => {
        logger.info("stopped", { signal });
        process.exit(0);
      },
      (error: unknown) => {
        logger.error("shutdown failed", { error });
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, run);
}
