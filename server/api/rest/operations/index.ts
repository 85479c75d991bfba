import type { TOperationTable } from "../oas/types";
import { CARD_OPERATIONS } from "./cards";
import { PARTICIPANT_OPERATIONS } from "./participants";
import { RADAR_OPERATIONS } from "./radar";
import { RAWDATA_OPERATIONS } from "./rawdata";
import { TOKEN_OPERATIONS } from "./token";
import { WEBHOOK_OPERATIONS } from "./webhooks";

/** Every REST operation's documentation, keyed by "METHOD /path/" (one file per domain). */
export const OPERATIONS: TOperationTable = {
  ...TOKEN_OPERATIONS,
  ...CARD_OPERATIONS,
  ...PARTICIPANT_OPERATIONS,
  ...RAWDATA_OPERATIONS,
  ...RADAR_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
};
