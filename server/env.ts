import { z } from "zod";

/**
 * Every environment variable the service reads, validated in one place (docs/configuration.md).
 * Read through `env()`; the result is cached per process.
 */
/** On/off words accepted by switches, as "1" / "0". */
const SWITCH_WORDS = new Map([
  ["1", "1"],
  ["on", "1"],
  ["true", "1"],
  ["yes", "1"],
  ["0", "0"],
  ["off", "0"],
  ["false", "0"],
  ["no", "0"],
]);

/** An `smtp://` or `smtps://` URL with a host (the value itself never goes into an error message). */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "" && (url.pathname === "" || url.pathname === "/");
  } catch {
    return false;
  }
}

const ZEnv = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * A connection to the primary that bypasses a pooler in transaction mode (PgBouncer): migrations
   * and LISTEN need a session of their own. Defaults to DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Read replicas (comma-separated URLs) for read-only data queries (server/db/replicas.ts); PostgreSQL only. */
  DATABASE_READ_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((u) => u.trim())
        .filter(Boolean),
    ),
  DATA_DIR: z.string().trim().min(1).default(".data"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  BASE_URL: z.string().trim().url().optional(),
  AUTH_SECRET: z.string().min(16).optional(),
  /** local (in-process model), openai (OpenAI-compatible HTTP), off, hash (deterministic, tests only). */
  EMBEDDINGS_PROVIDER: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim().toLowerCase() : undefined),
    z.enum(["local", "openai", "off", "hash"]).default("local"),
  ),
  EMBEDDINGS_URL: z.string().trim().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  /** Stored with every vector (inline, migration 20261123000000): a name, not a document. */
  EMBEDDINGS_MODEL: z.string().trim().max(200).optional(),
  /**
   * At most 1,800: a vector is kept inline in its row (migration 20261122105306, for search speed)
   * and the row must fit in an 8 kB page, whatever the model key's length (200 characters).
   */
  EMBEDDINGS_DIMENSIONS: z.coerce
    .number()
    .int()
    .positive()
    .max(
      1800,
      "must be at most 1800: vectors are stored inline; ask the model for a shorter vector (OpenAI-compatible servers: the model's `dimensions` option)",
    )
    .optional(),
  /** HNSW candidates per step of a semantic search (pgvector hnsw.ef_search): recall against latency. */
  SEMANTIC_EF_SEARCH: z.coerce.number().int().min(10).max(1000).default(150),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  FREE_LIFETIME_LIMIT: z.coerce.number().int().min(0).default(100),
  PAID_DAILY_LIMIT: z.coerce.number().int().min(0).default(500),
  RADAR_CONNECTOR: z.enum(["dataset", "http"]).default("dataset"),
  RADAR_CONNECTOR_URL: z.string().trim().optional(),
  RADAR_LIMIT_NETWORK_A: z.coerce.number().int().min(0).default(100),
  RADAR_LIMIT_NETWORK_B: z.coerce.number().int().min(0).default(100),
  /**
   * The hosts of each network's profile URLs (comma-separated; a subdomain of one is accepted too):
   * a radar profile URL on another host is refused at create (server/domain/radar/identifiers.ts).
   */
  RADAR_NETWORK_A_HOSTS: z.string().trim().min(1).default("network-a.example"),
  RADAR_NETWORK_B_HOSTS: z.string().trim().min(1).default("network-b.example"),
  DEMO_SEED: z.enum(["auto", "0", "1"]).default("auto"),
  /** Whether this process runs the background queues; "off" leaves them to `vmon worker` processes. */
  WORKERS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? (SWITCH_WORDS.get(v.trim().toLowerCase()) ?? v) : undefined),
    z.enum(["0", "1"], { message: "must be on or off (1 or 0)" }).default("1"),
  ),
  /** "1" opens POST /oauth/register: dynamic registration of public OAuth clients (RFC 7591). */
  OAUTH_DYNAMIC_REGISTRATION: z.enum(["0", "1"]).default("0"),
  /** "1" lets webhook endpoints be loopback, private or link-local addresses (tests, self-hosting); docs/webhooks.md. */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(["0", "1"]).default("0"),
  /** Days a deleted card, participant or interaction stays in the change feed (GET /v1/changes/); older cursors answer 410. */
  CHANGES_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** HTTP processes: "auto" is one per core (up to 4) on a PostgreSQL server, 1 on the embedded database. */
  HTTP_PROCESSES: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).default("auto"),
  /**
   * Reverse proxies in front of the service whose `X-Forwarded-For` entries are believed for the
   * client address (sign-in limit, server/auth/client-address.ts); 0: none, the TCP peer is the client.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * The mail server for e-mail (password reset, notifications): `smtp://` (STARTTLS when the server
   * offers it) or `smtps://` (TLS from the start), `user:pass@host:port`. Unset: no e-mail is sent.
   * Never logged: it carries a password.
   */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isSmtpUrl(v), "must be smtp://[user:pass@]host[:port] or smtps://[user:pass@]host[:port]"),
  /** The From of every e-mail; default `Venture Monitor <no-reply@<BASE_URL's host>>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((v) => (v ? v : undefined)),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** PostgreSQL: prepare recurring statements once per connection (server/db/statement-names.ts); 0 for a pooler that cannot keep them. */
  PREPARED_STATEMENTS: z.enum(["0", "1"]).default("1"),
});

export type TEnv = z.infer<typeof ZEnv> & { BASE_URL: string; MAIL_FROM: string };

let cached: TEnv | undefined;

export function env(): TEnv {
  if (cached) return cached;
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  cached = { ...e, BASE_URL: baseUrl, MAIL_FROM: e.MAIL_FROM ?? `Venture Monitor <no-reply@${new URL(baseUrl).hostname}>` };
  return cached;
}

/** For tests that change variables between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
