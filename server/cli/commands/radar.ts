import { drainApplications } from "~/server/domain/radar/process";
import { refreshDue } from "~/server/domain/radar/refresh";
import type { TCommand } from "../command";
import { parseIntFlag } from "../io";

/** `vmon radar process` and `vmon radar refresh`: the worker's two jobs, run once from the command line. */

export const radarProcessCommand: TCommand = {
  name: "radar process",
  usage: "vmon radar process [--batch N]         process every queued radar application once (drain the queue)",
  options: { batch: { type: "string" } },
  async run({ io, values, database }) {
    const batchSize = parseIntFlag(values.batch, "--batch", 1);
    const started = Date.now();
    const r = await drainApplications(database.db, { batchSize, onBatch: (t) => io.progress("applications processed", t.claimed) });
    io.endProgress();
    const seconds = (Date.now() - started) / 1000;
    io.result(
      { processed: r.claimed, connected: r.connected, failed: r.failed, seconds },
      r.claimed === 0
        ? "No radar application was waiting."
        : `Processed ${r.claimed} application(s) in ${seconds.toFixed(1)} s: ${r.connected} connected, ${r.failed} failed.`,
    );
  },
};

export const radarRefreshCommand: TCommand = {
  name: "radar refresh",
  usage: "vmon radar refresh [--batch N]         refresh every tracked radar connection once and record changes",
  options: { batch: { type: "string" } },
  async run({ io, values, database }) {
    const batchSize = parseIntFlag(values.batch, "--batch", 1);
    const started = Date.now();
    const r = await refreshDue(database.db, {
      batchSize,
      olderThanMs: 0,
      onBatch: (t) => io.progress("connections refreshed", t.refreshed),
    });
    io.endProgress();
    const seconds = (Date.now() - started) / 1000;
    io.result(
      { ...r, seconds },
      `Refreshed ${r.refreshed} connection(s) in ${seconds.toFixed(1)} s: ${r.changed} changed, ${r.updates} update(s) recorded` +
        (r.skipped ? `, ${r.skipped} skipped (profile not found or connector unavailable).` : ".") +
        (r.failed ? ` ${r.failed} will be retried (connector unavailable).` : ""),
    );
  },
};
