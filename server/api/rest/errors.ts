import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { databaseUnavailableError, isDatabaseUnavailable } from "~/server/db/availability";
import { AppError, INTERNAL_ERROR_BODY, type TErrorBody } from "~/server/lib/errors";
import { logger } from "~/server/lib/logger";

export interface TErrorResponse {
  status: number;
  body: TErrorBody;
  headers: Record<string, string>;
}

/** "limit: must be at least 1" from a zod issue. */
function describeIssue(issue: ZodError["issues"][number]): [string, string] {
  const param = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
  let message = issue.message;
  if (issue.code === "invalid_type" && /received undefined/.test(message)) message = "is required";
  return [param, message];
}

/** The API's body for a refused input: each parameter named with its messages, the first in `message`. Shared by /v1, /mcp and /api/trpc. */
export function validationBody(error: ZodError): TErrorBody {
  // Null prototype: parameter names such as "constructor" are plain keys here.
  const details: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      // Unknown parameters: name each one (query string or body alike).
      const prefix = issue.path.length > 0 ? `${issue.path.map(String).join(".")}.` : "";
      for (const key of issue.keys) (details[`${prefix}${key}`] ??= []).push("unknown parameter");
      continue;
    }
    const [param, message] = describeIssue(issue);
    (details[param] ??= []).push(message);
  }
  const first = Object.entries(details)[0];
  const message = first ? `Invalid value for ${first[0]}: ${first[1][0]}.` : "Invalid input.";
  return { error: "validation_error", message, details: { ...details } };
}

/** Maps anything a procedure (or the adapter) threw to the spec's error body. Unknown errors leak nothing. */
export function toErrorResponse(err: unknown, where: string): TErrorResponse {
  const cause = err instanceof TRPCError ? err.cause : err;
  if (cause instanceof AppError) return { status: cause.status, body: cause.toBody(), headers: cause.headers ?? {} };
  if (err instanceof TRPCError) {
    if (err.code === "BAD_REQUEST" && cause instanceof ZodError) {
      return { status: 400, body: validationBody(cause), headers: {} };
    }
    switch (err.code) {
      case "NOT_FOUND":
        return { status: 404, body: { error: "not_found", message: "No such endpoint." }, headers: {} };
      case "PARSE_ERROR":
        return { status: 400, body: { error: "validation_error", message: "The request body is not valid JSON." }, headers: {} };
      case "UNSUPPORTED_MEDIA_TYPE":
        return {
          status: 400,
          body: { error: "validation_error", message: "Request bodies must be sent with Content-Type: application/json." },
          headers: {},
        };
      case "PAYLOAD_TOO_LARGE":
        return { status: 413, body: { error: "payload_too_large", message: "The request body is too large." }, headers: {} };
    }
  }
  if (isDatabaseUnavailable(err)) {
    // Not a fault of the request: the database is restarting or gone (logged once per outage by the watch).
    logger.debug("database unavailable", { where });
    const unavailable = databaseUnavailableError();
    return { status: unavailable.status, body: unavailable.toBody(), headers: unavailable.headers ?? {} };
  }
  logger.error("unhandled error", { where, error: err });
  return { status: 500, body: INTERNAL_ERROR_BODY, headers: {} };
}
