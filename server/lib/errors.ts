/**
 * The one error class of the service. Business code throws `AppError`; the HTTP edge maps its code
 * to a status and the spec's body `{error, message}`. Anything else becomes a generic 500.
 */
export const ERROR_STATUS = {
  validation_error: 400,
  tracking_limit_reached: 400,
  not_authenticated: 401,
  authentication_failed: 401,
  permission_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** a change feed cursor older than the deletions kept (GET /v1/changes/) */
  cursor_expired: 410,
  payload_too_large: 413,
  throttled: 429,
  internal_error: 500,
  semantic_unavailable: 503,
  /** the database cannot be reached (server/db/availability.ts); answered with Retry-After */
  service_unavailable: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export interface TErrorBody {
  error: TErrorCode;
  message: string;
  details?: unknown;
  [extra: string]: unknown;
}

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly details?: unknown;
  /** Extra top-level keys of the body (for example `plan` and `reset_at` on 429). */
  readonly extra?: Record<string, unknown>;
  /** Extra response headers (for example `Retry-After`). */
  readonly headers?: Record<string, string>;

  constructor(
    code: TErrorCode,
    message: string,
    opts: { details?: unknown; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = opts.details;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): TErrorBody {
    const body: TErrorBody = { error: this.code, message: this.message, ...this.extra };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found.`);

export const validationError = (param: string, message: string) =>
  new AppError("validation_error", `${param}: ${message}`, { details: { [param]: [message] } });

export const INTERNAL_ERROR_BODY: TErrorBody = {
  error: "internal_error",
  message: "An internal error occurred. It has been logged.",
};
