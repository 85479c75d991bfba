import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time spent by the parts of a benchmark (Linux /proc): PostgreSQL's processes, the service's
 * process tree and this process (the load generator). Sampled before and after a load run, the
 * differences divided by the requests served give the CPU each part spends per request, which
 * tells where a 2-core machine's time goes when the latency is throughput-bound.
 */

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface TProc {
  pid: number;
  ppid: number;
  comm: string;
  ms: number;
}

function processes(): TProc[] {
  const out: TProc[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // comm may hold spaces and parentheses: the fields after it start at the last ')'.
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const f = stat.slice(close + 2).split(" ");
      // f[0] = state (field 3); ppid is field 4, utime 14, stime 15, and cutime 16, cstime 17: the
      // CPU of children it has waited for (PostgreSQL's backends that ended during the run).
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      out.push({ pid: Number(name), ppid: Number(f[1]), comm, ms: ticks * TICK_MS });
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

export interface TCpuSample {
  postgres: number;
  service: number;
  load: number;
}

/** CPU ms so far of PostgreSQL's processes, the tree under `servicePid` and this process. */
export function cpuSample(servicePid: number | undefined): TCpuSample {
  const procs = processes();
  const children = new Map<number, number[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const tree = new Set<number>();
  const walk = (pid: number) => {
    tree.add(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  if (servicePid !== undefined && servicePid !== process.pid) walk(servicePid);
  let postgres = 0;
  let service = 0;
  for (const p of procs) {
    if (p.comm === "postgres") postgres += p.ms;
    else if (tree.has(p.pid)) service += p.ms;
  }
  const own = process.cpuUsage();
  return { postgres, service, load: (own.user + own.system) / 1000 };
}

/** CPU ms per request of each part between two samples. */
export function cpuPerRequest(before: TCpuSample, after: TCpuSample, requests: number) {
  const per = (k: keyof TCpuSample) => (requests > 0 ? (after[k] - before[k]) / requests : 0);
  return { pg_ms: per("postgres"), svc_ms: per("service"), load_ms: per("load") };
}

/** CPU ms so far of each named process tree (a root pid and every process under it). */
export function treeCpu(roots: Record<string, number>): Record<string, number> {
  const procs = processes();
  const children = new Map<number, TProc[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const sum = (pid: number): number => (byPid.get(pid)?.ms ?? 0) + (children.get(pid) ?? []).reduce((t, c) => t + sum(c.pid), 0);
  return Object.fromEntries(Object.entries(roots).map(([name, pid]) => [name, sum(pid)]));
}
