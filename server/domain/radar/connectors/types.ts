import { SOURCE_NAMES, type TIdentifierKind, type TSnapshot, type TSource } from "../types";

/**
 * A connector turns identifiers into profile snapshots (docs/radar.md). Calls are set-based: the
 * worker hands over a whole batch. A per-item problem (no such profile) is an item result; a
 * problem with the whole call (service down, timeout, garbage answer) is a thrown ConnectorError.
 */

export interface TResolveRequest {
  /** The caller's key for the item (the application id). */
  ref: number;
  kind: TIdentifierKind;
  identifier: string;
}

export type TConnectorResult = { ok: true; snapshot: TSnapshot } | { ok: false; code: string; message: string };

export interface TConnector {
  readonly name: string;
  /** Identifier → snapshot, keyed by `ref`; every ref gets a result. */
  resolve(source: TSource, requests: TResolveRequest[]): Promise<Map<number, TConnectorResult>>;
  /** Current snapshot of known profiles by external id (refresh); missing ids get a not-found result. */
  fetch(source: TSource, externalIds: string[]): Promise<Map<string, TConnectorResult>>;
}

export class ConnectorError extends Error {
  constructor(
    readonly code: "connector_unavailable" | "connector_timeout" | "connector_invalid_response" | "connector_not_configured",
    message: string,
  ) {
    super(message);
    this.name = "ConnectorError";
  }
}

export const notFound = (source: TSource, what: string): TConnectorResult => ({
  ok: false,
  code: "profile_not_found",
  message: `No ${SOURCE_NAMES[source]} profile matches ${what}.`,
});
