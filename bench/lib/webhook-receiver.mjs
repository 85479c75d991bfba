// A webhook receiver for bench/webhooks.ts, run as a child process (so that it does not share the
// worker's event loop). POST /fast/...: 200 at once; POST /slow/...: 200 after 2 s. For each request
// it records the delay from the event's `timestamp` (when it was detected) to its arrival.
import { createServer } from "node:http";

const arrivals = { fast: [], slow: [] };
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const kind = req.url.startsWith("/slow") ? "slow" : "fast";
    let delay = null;
    try {
      delay = Date.now() - Date.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")).timestamp);
    } catch {}
    arrivals[kind].push({ at: Date.now(), delay, id: req.headers["webhook-id"] });
    const answer = () => res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    if (kind === "slow") setTimeout(answer, 2000);
    else answer();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.send({ type: "ready", port: server.address().port }));
process.on("message", (m) => {
  if (m.type === "stats") process.send({ type: "stats", arrivals });
  if (m.type === "reset") {
    arrivals.fast = [];
    arrivals.slow = [];
    process.send({ type: "reset" });
  }
  if (m.type === "stop") server.close(() => process.exit(0));
});
