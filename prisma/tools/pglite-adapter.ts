import { PGlite, types } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import {
  ColumnTypeEnum,
  DriverAdapterError,
  type ColumnType,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";

/**
 * A migration-aware Prisma driver adapter over one in-memory PGlite (vector and pg_trgm loaded),
 * just enough for the schema engine to replay migrations and introspect the result.
 *
 * The engine reads only the server version through its main connection and does all its work on
 * the shadow one, so both share the same database: a PGlite takes seconds to start.
 */

const ADAPTER_NAME = "vm-pglite-migrate";

/** Column types of the catalog queries the engine runs (PostgreSQL 18); others are passed as text. */
const COLUMN_TYPES: Record<number, ColumnType> = {
  [types.BOOL]: ColumnTypeEnum.Boolean,
  [types.CHAR]: ColumnTypeEnum.Character, // "char", e.g. pg_constraint.contype
  [types.INT2]: ColumnTypeEnum.Int32,
  [types.INT4]: ColumnTypeEnum.Int32,
  [types.INT8]: ColumnTypeEnum.Int64,
  [types.OID]: ColumnTypeEnum.Int64,
  1009: ColumnTypeEnum.TextArray, // text[], e.g. pg_class.reloptions
};

/** 64-bit integers reach the engine as their text, as with node-postgres. */
const keepText = (text: string): string => text;
const PARSERS = { [types.INT8]: keepText, [types.OID]: keepText };

function toCell(value: unknown, type: ColumnType): unknown {
  if (value === null || type !== ColumnTypeEnum.Text || typeof value === "string") return value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

type TPostgresError = Error & { code: string; severity?: string; detail?: string; column?: string; hint?: string };

/** PostgreSQL errors in the adapter shape, so that the engine's messages quote them. */
async function database<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error) || typeof (error as Partial<TPostgresError>).code !== "string") throw error;
    const { code, severity = "ERROR", message, detail, column, hint } = error as TPostgresError;
    throw new DriverAdapterError({ kind: "postgres", code, severity, message, detail, column, hint });
  }
}

class PGliteAdapter implements SqlDriverAdapter {
  readonly provider = "postgres" as const;
  readonly adapterName = ADAPTER_NAME;

  constructor(private readonly db: PGlite) {}

  async queryRaw({ sql, args }: SqlQuery): Promise<SqlResultSet> {
    const options = { rowMode: "array", parsers: PARSERS } as const;
    const { fields, rows } = await database(() => this.db.query<unknown[]>(sql, args, options));
    const columnTypes = fields.map((field) => COLUMN_TYPES[field.dataTypeID] ?? ColumnTypeEnum.Text);
    return {
      columnNames: fields.map((field) => field.name),
      columnTypes,
      rows: rows.map((row) => columnTypes.map((type, i) => toCell(row[i], type))),
    };
  }

  async executeRaw({ sql, args }: SqlQuery): Promise<number> {
    return (await database(() => this.db.query(sql, args))).affectedRows ?? 0;
  }

  /** Runs the script whole (simple query protocol), so function bodies and `;` in strings are safe. */
  async executeScript(script: string): Promise<void> {
    await database(() => this.db.exec(script));
  }

  /** Diffing never opens one, and engine versions disagree on who sends BEGIN and COMMIT. */
  async startTransaction(): Promise<Transaction> {
    throw new Error(`${ADAPTER_NAME}: transactions are not supported`);
  }

  /** The database outlives the engine's connections; the factory's owner closes it. */
  async dispose(): Promise<void> {}
}

export interface TPGliteAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  close(): Promise<void>;
}

export function pgliteAdapterFactory(): TPGliteAdapterFactory {
  let db: Promise<PGlite> | undefined;
  const open = async (): Promise<SqlDriverAdapter> => {
    db ??= PGlite.create({ extensions: { vector, pg_trgm } });
    return new PGliteAdapter(await db);
  };
  return {
    provider: "postgres",
    adapterName: ADAPTER_NAME,
    connect: open,
    connectToShadowDb: open,
    close: async () => {
      await (await db)?.close();
    },
  };
}
