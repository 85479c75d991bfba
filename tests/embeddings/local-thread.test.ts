import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TLocalPackages } from "~/server/domain/embeddings/providers/local";
import { LOCAL_THREAD_SOURCE } from "~/server/domain/embeddings/providers/local-thread";

/**
 * The local model's thread readies the backend before the model's weights are read. Stand-ins for
 * the three packages behave like the real ones on a busy machine: the backend takes a while to get
 * ready, reading the weights before it is ready fails, and `initModel` starts both at once.
 */
let dir: string;
let packages: TLocalPackages;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "vm-local-thread-"));
  const file = (name: string, code: string) => {
    writeFileSync(path.join(dir, name), code);
    return path.join(dir, name);
  };
  packages = {
    corePath: file(
      "core.js",
      `let ready = false;
       exports.isReady = () => ready;
       exports.ready = () => new Promise((resolve) => setTimeout(() => { ready = true; resolve(); }, 100));`,
    ),
    modelPath: file(
      "model.js",
      `const core = require("./core.js");
       exports.modelSource = async () => {
         if (!core.isReady()) throw new Error("Backend 'wasm' has not yet been initialized");
         return { vocabulary: [] };
       };`,
    ),
    embeddingsPath: file(
      "embeddings.js",
      `const core = require("./core.js");
       exports.initModel = async (source) => {
         await Promise.all([core.ready(), source()]);
         return { embed: async (texts) => texts.map((t) => [t.length, 0, 1]) };
       };`,
    ),
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("loads the model once the backend is ready, and embeds", async () => {
  const worker = new Worker(LOCAL_THREAD_SOURCE, { eval: true, workerData: packages });
  try {
    const answer = new Promise<unknown>((resolve) => worker.once("message", resolve));
    worker.postMessage({ id: 1, texts: ["abc", "de"] });
    expect(await answer).toEqual({
      id: 1,
      vectors: [
        [3, 0, 1],
        [2, 0, 1],
      ],
    });
  } finally {
    await worker.terminate();
  }
});
