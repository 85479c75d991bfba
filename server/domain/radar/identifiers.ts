import { z } from "zod";
import { env } from "~/server/env";
import { AppError, validationError } from "~/server/lib/errors";
import { IDENTIFIER_KINDS, SOURCE_NAMES, SOURCES, type TIdentifierKind, type TSource } from "./types";

/**
 * The profile named by a create request (POST /v1/radar/applications/ and each bulk item): exactly
 * one identifier, of the request's source only (identifiers of the two sources are never mixed),
 * checked for shape here and resolved later by the worker (docs/radar.md).
 *
 * `identityKey` is the normalised identity used to refuse duplicate applications and to find an
 * existing connection: network_a `slug:<last URL segment or username, lower-cased>`; network_b
 * `user:<username, lower-cased>` or `id:<numeric user id>`.
 *
 * A URL must be a profile of the request's network: on one of its hosts (RADAR_NETWORK_A_HOSTS /
 * _B_HOSTS, or a subdomain of one), and of a profile's form (network_a `/in/<username>`, network_b
 * `/<username>`); anything else (another network's or another site's URL, a company page, a post)
 * is refused at once with its reason, so no application is created that could only fail.
 */

export interface TApplicationInput {
  source: TSource;
  kind: TIdentifierKind;
  /** The identifier as given (trimmed; a network_b username without its leading @). */
  identifier: string;
  identityKey: string;
  isTracking: boolean;
}

/**
 * A body value checked by `schema` as it is (never coerced by the REST adapter: a preprocess pipe).
 * `null` is a wrong type like any other: leave a parameter out to leave it unset.
 */
export const zJsonValue = <T extends z.ZodType>(what: string, schema: T) =>
  z.preprocess((v, ctx) => {
    if (v !== null) return v;
    ctx.addIssue({ code: "custom", message: `must be ${what}, not null (leave it out instead)` });
    return z.NEVER;
  }, schema);

export const zSourceValue = () =>
  zJsonValue(
    "network_a or network_b",
    z.enum(SOURCES, { error: (iss) => (iss.input === undefined ? "is required" : "must be network_a or network_b") }),
  );

const zIdentifierText = () =>
  zJsonValue("a string", z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(2048, "is too long").optional());

/** A numeric user id as a string: ids can exceed what a JSON number holds exactly. */
const zUserId = () =>
  zJsonValue(
    "a numeric string",
    z
      .string({ error: "must be a numeric string" })
      .trim()
      .regex(/^\d{1,20}$/, "must be a numeric id")
      .optional(),
  );

/** Strict JSON boolean (the strings "true" or "yes" are refused in a body). */
export const zBodyBool = () =>
  zJsonValue("a boolean (true or false)", z.boolean({ error: "must be a boolean (true or false)" }).optional());

export const applicationItemShape = {
  username: zIdentifierText(),
  network_a_url: zIdentifierText(),
  network_b_url: zIdentifierText(),
  network_b_user_id: zUserId(),
  is_tracking: zBodyBool(),
};

/** One bulk item: the create body, `source` optional (it must equal the request's when given). */
const ZBulkItem = z.object({ source: zSourceValue().optional(), ...applicationItemShape }).strict();
export type TApplicationFields = Omit<z.infer<typeof ZBulkItem>, "source">;

const IDENTIFIER_KEYS = ["username", "network_a_url", "network_b_url", "network_b_user_id"] as const;

function parseHttpUrl(value: string, param: string): URL {
  let url: URL | undefined;
  try {
    url = /\s/.test(value) ? undefined : new URL(value);
  } catch {
    url = undefined;
  }
  const hostOk = url && (url.hostname.includes(".") || url.hostname === "localhost");
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !hostOk) {
    throw validationError(param, "must be a valid http(s) profile URL");
  }
  return url;
}

/** The configured hosts of `source`'s profile URLs, lower-cased. */
function networkHosts(source: TSource): string[] {
  const e = env();
  const list = source === "network_a" ? e.RADAR_NETWORK_A_HOSTS : e.RADAR_NETWORK_B_HOSTS;
  return list
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

function assertNetworkHost(url: URL, source: TSource, param: string): void {
  const host = url.hostname.toLowerCase();
  const hosts = networkHosts(source);
  if (hosts.some((h) => host === h || host.endsWith(`.${h}`))) return;
  const other = networkHosts(source === "network_a" ? "network_b" : "network_a").some((h) => host === h || host.endsWith(`.${h}`));
  throw validationError(
    param,
    other
      ? `is a profile of the other network (${host}), not of ${SOURCE_NAMES[source]}: choose that network to follow it`
      : `must be on ${hosts.join(" or ")}, not ${host}`,
  );
}

function pathSegments(url: URL, param: string): string[] {
  try {
    return url.pathname
      .split("/")
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    throw validationError(param, "must be a valid http(s) profile URL");
  }
}

const NETWORK_A_USERNAME = /^[^\s/?#]{1,200}$/;
const NETWORK_B_USERNAME = /^[A-Za-z0-9_.-]{1,64}$/;

function identityOf(source: TSource, kind: TIdentifierKind, value: string): { identifier: string; identityKey: string } {
  if (source === "network_a") {
    if (kind === "network_a_url") {
      const url = parseHttpUrl(value, kind);
      assertNetworkHost(url, source, kind);
      const segments = pathSegments(url, kind);
      const last = segments.at(-1);
      if (segments.length !== 2 || segments[0]!.toLowerCase() !== "in" || !last || !NETWORK_A_USERNAME.test(last))
        throw validationError(kind, "must be of the form https://<host>/in/<username or member id>");
      return { identifier: value, identityKey: `slug:${last.toLowerCase()}` };
    }
    if (!NETWORK_A_USERNAME.test(value)) throw validationError(kind, "must have no spaces or slashes");
    return { identifier: value, identityKey: `slug:${value.toLowerCase()}` };
  }
  if (kind === "network_b_user_id") return { identifier: value, identityKey: `id:${BigInt(value).toString()}` };
  if (kind === "network_b_url") {
    const url = parseHttpUrl(value, kind);
    assertNetworkHost(url, source, kind);
    const segments = pathSegments(url, kind);
    const name = segments.length === 1 ? segments[0]!.replace(/^@/, "") : "";
    if (!NETWORK_B_USERNAME.test(name)) throw validationError(kind, "must be of the form https://<host>/<username>");
    return { identifier: value, identityKey: `user:${name.toLowerCase()}` };
  }
  const name = value.replace(/^@/, "");
  if (!NETWORK_B_USERNAME.test(name)) throw validationError(kind, "may contain only letters, digits, _ . and -");
  return { identifier: name, identityKey: `user:${name.toLowerCase()}` };
}

/** Checks the identifiers of an already type-checked create body against its source. */
export function toApplicationInput(source: TSource, fields: TApplicationFields): TApplicationInput {
  const allowed: readonly string[] = IDENTIFIER_KINDS[source];
  const given = IDENTIFIER_KEYS.filter((k) => fields[k] !== undefined);
  const foreign = given.find((k) => !allowed.includes(k));
  if (foreign) throw validationError(foreign, `cannot be used with source ${source} (use ${allowed.join(", ")})`);
  if (given.length === 0) {
    throw new AppError("validation_error", `Give one identifier of the profile: ${allowed.join(", ")}.`, {
      details: { identifier: [`one of ${allowed.join(", ")} is required`] },
    });
  }
  if (given.length > 1) {
    throw new AppError("validation_error", `Give only one identifier of the profile, not ${given.join(" and ")}.`, {
      details: Object.fromEntries(given.map((k) => [k, ["only one identifier may be given"]])),
    });
  }
  const kind = given[0]!;
  const { identifier, identityKey } = identityOf(source, kind, fields[kind]!);
  return { source, kind, identifier, identityKey, isTracking: fields.is_tracking ?? true };
}

/** A bulk item (anything the client sent): type checks, then `toApplicationInput`. */
export function parseBulkItem(source: TSource, raw: unknown): TApplicationInput {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new AppError("validation_error", "Each application must be a JSON object.");
  }
  const parsed = ZBulkItem.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = issue.path.map(String).join(".") || "application";
    const message = issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : issue.message;
    throw validationError(param, message);
  }
  const { source: itemSource, ...fields } = parsed.data;
  if (itemSource !== undefined && itemSource !== source) {
    throw validationError("source", `must be ${source} like the request's source (identifiers of the two sources are never mixed)`);
  }
  return toApplicationInput(source, fields);
}
