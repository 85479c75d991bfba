import { recordset, rowsParam, upsertSql } from "./upsert-sql";
import { runBatch, s, validBatches, writeBatches, type TRec, type TWriteCtx } from "./write-context";

/** Writers of the reference data: stages, rounds, source and participant types, categories, locations. */

const SMALL = { lanes: 1 };

function rankedSql(table: "stage" | "round"): string {
  return upsertSql({
    table,
    params: [
      ["slug", "text"],
      ["name", "text"],
      ["position", "int"],
    ],
    insert: [
      ["slug", "u.slug"],
      ["name", "u.name"],
      ["position", "u.position"],
    ],
    conflict: "(slug)",
    update: ["name", "position"],
  });
}

export async function writeRanked(ctx: TWriteCtx, kind: "stage" | "round"): Promise<void> {
  const sql = rankedSql(kind);
  await writeBatches(
    ctx,
    kind,
    async (b) => {
      await runBatch(
        ctx,
        sql,
        rowsParam(b, (r) => ({ slug: r.slug, name: r.name, position: r.position })),
      );
    },
    SMALL,
  );
}

const SOURCE_TYPE_SQL = upsertSql({
  table: "source_type",
  params: [
    ["slug", "text"],
    ["name", "text"],
    ["grp", "text"],
  ],
  insert: [
    ["slug", "u.slug"],
    ["name", "u.name"],
    ['"group"', "u.grp"],
  ],
  conflict: "(slug)",
  update: ["name", '"group"'],
});

export async function writeSourceTypes(ctx: TWriteCtx): Promise<void> {
  await writeBatches(
    ctx,
    "source_type",
    async (b) => {
      await runBatch(
        ctx,
        SOURCE_TYPE_SQL,
        rowsParam(b, (r) => ({ slug: r.slug, name: r.name, grp: r.group })),
      );
    },
    SMALL,
  );
}

const PARTICIPANT_TYPE_SQL = upsertSql({
  table: "participant_type",
  params: [
    ["slug", "text"],
    ["name", "text"],
  ],
  insert: [
    ["slug", "u.slug"],
    ["name", "u.name"],
  ],
  conflict: "(slug)",
  update: ["name"],
});

export async function writeParticipantTypes(ctx: TWriteCtx): Promise<void> {
  await writeBatches(
    ctx,
    "participant_type",
    async (b) => {
      await runBatch(
        ctx,
        PARTICIPANT_TYPE_SQL,
        rowsParam(b, (r) => ({ slug: r.slug, name: r.name })),
      );
    },
    SMALL,
  );
}

/**
 * Sets the parent column from the parent slug, for every record of a tree kind: run after all its
 * rows exist, so that a parent that comes later in the file is found.
 */
async function linkParents(ctx: TWriteCtx, table: "category" | "location"): Promise<void> {
  const sql = `UPDATE ${table} t SET parent_id = p.id
    FROM ${recordset([
      ["slug", "text"],
      ["parent", "text"],
    ])} LEFT JOIN ${table} p ON p.slug = u.parent
    WHERE t.slug = u.slug AND t.parent_id IS DISTINCT FROM p.id`;
  for await (const b of validBatches(ctx, table)) {
    await runBatch(
      ctx,
      sql,
      rowsParam(b, (r) => ({ slug: r.slug, parent: r.parent })),
    );
  }
}

const CATEGORY_SQL = upsertSql({
  table: "category",
  params: [
    ["slug", "text"],
    ["name", "text"],
    ["parent", "text"],
  ],
  joins: "LEFT JOIN category p ON p.slug = u.parent",
  insert: [
    ["slug", "u.slug"],
    ["name", "u.name"],
    ["parent_id", "p.id"],
  ],
  conflict: "(slug)",
  update: ["name"],
});

export async function writeCategories(ctx: TWriteCtx): Promise<void> {
  await writeBatches(
    ctx,
    "category",
    async (b) => {
      await runBatch(
        ctx,
        CATEGORY_SQL,
        rowsParam(b, (r) => ({ slug: r.slug, name: r.name, parent: r.parent })),
      );
    },
    SMALL,
  );
  if (ctx.written.category) await linkParents(ctx, "category");
}

const LOCATION_FIELDS = ["name", "type", "scope", "city", "state", "country", "region"] as const;

const LOCATION_SQL = upsertSql({
  table: "location",
  params: [["slug", "text"], ["parent", "text"], ...LOCATION_FIELDS.map((f): [string, string] => [f, "text"])],
  joins: "LEFT JOIN location p ON p.slug = u.parent",
  insert: [["slug", "u.slug"], ["parent_id", "p.id"], ...LOCATION_FIELDS.map((f): [string, string] => [f, `u.${f}`])],
  conflict: "(slug)",
  update: [...LOCATION_FIELDS],
});

export async function writeLocations(ctx: TWriteCtx): Promise<void> {
  await writeBatches(
    ctx,
    "location",
    async (b: TRec[]) => {
      await runBatch(
        ctx,
        LOCATION_SQL,
        rowsParam(b, (r) => Object.fromEntries([["slug", r.slug], ["parent", r.parent], ...LOCATION_FIELDS.map((f) => [f, s(r[f])])])),
      );
    },
    SMALL,
  );
  if (!ctx.written.location) return;
  await linkParents(ctx, "location");
  await recomputeLocationRegions(ctx.db);
}

/** `region_slug` of every location: its own slug for a region, else the slug of its region ancestor. */
async function recomputeLocationRegions(db: TWriteCtx["db"]): Promise<void> {
  await db.$executeRawUnsafe(`
    WITH RECURSIVE up AS (
      SELECT id AS start, id, parent_id, type, slug, 0 AS depth FROM location
      UNION ALL
      SELECT up.start, l.id, l.parent_id, l.type, l.slug, up.depth + 1
      FROM up JOIN location l ON l.id = up.parent_id
      WHERE up.type <> 'region' AND up.depth < 16
    ),
    region AS (
      SELECT DISTINCT ON (start) start, slug FROM up WHERE type = 'region' ORDER BY start, depth
    )
    UPDATE location t SET region_slug = r.slug
    FROM location x LEFT JOIN region r ON r.start = x.id
    WHERE t.id = x.id AND t.region_slug IS DISTINCT FROM r.slug`);
}
