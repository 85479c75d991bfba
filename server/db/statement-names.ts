/**
 * Names for the service's prepared statements on PostgreSQL.
 *
 * The driver parses a named statement once per connection. Each later run of it skips parsing and
 * analysis, but PostgreSQL still plans each run for its own values: the connections start with
 * `plan_cache_mode=force_custom_plan` (client.ts). A generic plan could be much worse for some
 * values, such as a participant with 10 cards after one with 10,000. Under concurrent load, the
 * cards list's page statement runs noticeably more often per second when named, since it skips
 * parsing (docs/benchmarks.md).
 *
 * A connection keeps every statement it has prepared until it closes. So a text gets a name only
 * when it recurs: at its second sighting, and only while the process has named fewer than
 * `maxNamed` texts. Other texts stay unnamed.
 */
export type TStatementNamer = (query: { sql: string }) => string | undefined;

export function createStatementNamer({ maxNamed = 500, maxCandidates = 5_000 } = {}): TStatementNamer {
  const named = new Map<string, string>();
  let seenOnce = new Set<string>();
  return ({ sql }) => {
    const name = named.get(sql);
    if (name !== undefined || named.size >= maxNamed) return name;
    if (!seenOnce.has(sql)) {
      if (seenOnce.size >= maxCandidates) seenOnce = new Set();
      seenOnce.add(sql);
      return undefined;
    }
    seenOnce.delete(sql);
    const fresh = `vm_${named.size + 1}`;
    named.set(sql, fresh);
    return fresh;
  };
}
