import type { TDb } from "~/server/db/client";
import { env } from "~/server/env";
import { datasetConnector } from "./dataset";
import { httpConnector } from "./http";
import { ConnectorError, type TConnector } from "./types";

export { ConnectorError, type TConnector, type TConnectorResult, type TResolveRequest } from "./types";
export { datasetConnector } from "./dataset";
export { httpConnector } from "./http";

/** A connector whose every call fails with the same reason (misconfiguration). */
function brokenConnector(error: ConnectorError): TConnector {
  return {
    name: "unconfigured",
    resolve: () => Promise.reject(error),
    fetch: () => Promise.reject(error),
  };
}

/** The configured connector: RADAR_CONNECTOR (dataset, default; or http with RADAR_CONNECTOR_URL). */
export function configuredConnector(db: TDb): TConnector {
  const { RADAR_CONNECTOR, RADAR_CONNECTOR_URL } = env();
  if (RADAR_CONNECTOR === "dataset") return datasetConnector(db);
  if (!RADAR_CONNECTOR_URL) {
    return brokenConnector(new ConnectorError("connector_not_configured", "RADAR_CONNECTOR=http needs RADAR_CONNECTOR_URL."));
  }
  return httpConnector({ url: RADAR_CONNECTOR_URL });
}
