/**
 * Builds one parameterised multi-row upsert:
 *
 *   INSERT INTO t (...) SELECT ... FROM json_to_recordset($1::json) AS u(col type, ...) [joins]
 *   ON CONFLICT (...) DO UPDATE SET ... WHERE (t.cols) IS DISTINCT FROM (EXCLUDED.cols) ...
 *
 * so that a row whose content did not change is not touched at all (same updated_at, no dead
 * tuple). Values only ever travel as a parameter: the batch's rows as one JSON array of objects
 * (one string parameter costs far less to bind than one array parameter per column).
 *
 * Timestamps: `created_at`/`updated_at` are taken from the line when given, else now(). On
 * conflict, a value equal to now() (the transaction start, which no given value can equal in
 * practice) means "not given": created_at is kept, and updated_at becomes now() only when
 * something else changed; a given value is stored, and a difference in it counts as a change.
 */

export interface TUpsertSpec {
  table: string;
  /** the fields of a row object: [alias, type] */
  params: [string, string][];
  /** joins after `FROM json_to_recordset(...) AS u(...)`, e.g. `LEFT JOIN stage s ON s.slug = u.stage` */
  joins?: string;
  /** target column -> select expression */
  insert: [string, string][];
  /** conflict target, e.g. `(slug)` */
  conflict: string;
  /** columns overwritten from EXCLUDED and compared to detect a change */
  update: string[];
  /** extra `col = expr` assignments on conflict that do not count as a change */
  extraSet?: string[];
  /** extra change condition (SQL over the table name and EXCLUDED) */
  extraChange?: string;
  createdAt?: boolean;
  updatedAt?: boolean;
  returning?: string;
}

export function upsertSql(s: TUpsertSpec): string {
  const t = s.table;
  const cols = s.insert.map(([c]) => c);
  const exprs = s.insert.map(([, e]) => e);
  if (s.createdAt) {
    cols.push("created_at");
    exprs.push("COALESCE(u.created_at, now())");
  }
  if (s.updatedAt) {
    cols.push("updated_at");
    exprs.push("COALESCE(u.updated_at, now())");
  }

  const set = s.update.map((c) => `${c} = EXCLUDED.${c}`);
  set.push(...(s.extraSet ?? []));
  const changed: string[] = [];
  if (s.update.length) {
    changed.push(`(${s.update.map((c) => `${t}.${c}`).join(", ")}) IS DISTINCT FROM (${s.update.map((c) => `EXCLUDED.${c}`).join(", ")})`);
  }
  if (s.extraChange) changed.push(`(${s.extraChange})`);
  if (s.createdAt) {
    set.push(`created_at = CASE WHEN EXCLUDED.created_at = now() THEN ${t}.created_at ELSE EXCLUDED.created_at END`);
    changed.push(`(EXCLUDED.created_at <> now() AND EXCLUDED.created_at <> ${t}.created_at)`);
  }
  if (s.updatedAt) {
    set.push(`updated_at = CASE WHEN EXCLUDED.updated_at = now() THEN now() ELSE EXCLUDED.updated_at END`);
    changed.push(`(EXCLUDED.updated_at <> now() AND EXCLUDED.updated_at <> ${t}.updated_at)`);
  }
  const conflictAction = set.length
    ? `DO UPDATE SET ${set.join(", ")}${changed.length ? ` WHERE ${changed.join(" OR ")}` : ""}`
    : "DO NOTHING";
  return [
    `INSERT INTO ${t} (${cols.join(", ")})`,
    `SELECT ${exprs.join(", ")} FROM ${recordset(s.params)}`,
    s.joins ?? "",
    `ON CONFLICT ${s.conflict} ${conflictAction}`,
    s.returning ? `RETURNING ${s.returning}` : "",
  ].join("\n");
}

/** `json_to_recordset($n::json) AS u(a type, ...)`: the rows of a batch, passed as one JSON parameter. */
export function recordset(params: [string, string][], n = 1, alias = "u"): string {
  return `json_to_recordset($${n}::json) AS ${alias}(${params.map(([a, t]) => `${a} ${t}`).join(", ")})`;
}

/** The JSON parameter of a batch: one object per row. */
export function rowsParam<T>(rows: T[], pick: (row: T) => Record<string, unknown>): string {
  return JSON.stringify(rows.map(pick));
}

/** Wraps a statement `RETURNING id` so that it answers one row: `{ids: [...]}`. */
export function idsOf(sql: string): string {
  return `WITH w AS (${sql}) SELECT coalesce(array_agg(id), '{}') AS ids FROM w`;
}
