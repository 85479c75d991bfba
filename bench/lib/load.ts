import autocannon from "autocannon";

export interface TLoadResult {
  rps: number;
  /** requests completed */
  requests: number;
  p50: number;
  /** from every response's time (autocannon's own percentiles skip 95) */
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A fixed-duration load at N connections (autocannon); latencies in ms. */
export async function load(opts: {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  method?: "GET" | "POST";
  body?: string;
}): Promise<TLoadResult> {
  const times: number[] = [];
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 16,
    duration: opts.seconds ?? 10,
    method: opts.method ?? "GET",
    headers: { ...(opts.body ? { "content-type": "application/json" } : {}), ...opts.headers },
    body: opts.body,
    setupClient: (client) => client.on("response", (_status: number, _bytes: number, ms: number) => times.push(ms)),
  });
  return {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p95: percentile(times, 95),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The nearest-rank percentile `p` (0-100) of a list of numbers, rounded to 0.01. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const v = s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
  return Math.round(v * 100) / 100;
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
