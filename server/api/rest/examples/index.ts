import { CARD_EXAMPLES } from "./cards";
import { PARTICIPANT_EXAMPLES } from "./participants";
import { RADAR_APPLICATION_EXAMPLES } from "./radar-applications";
import { RADAR_CONNECTION_EXAMPLES } from "./radar-connections";
import { RAWDATA_EXAMPLES } from "./rawdata";
import { REFERENCE_EXAMPLES } from "./reference";
import { TOKEN_EXAMPLES } from "./token";
import type { TExampleTable } from "./types";
import { WEBHOOK_EXAMPLES } from "./webhooks";

/** Every operation's examples, keyed by operationId (one file per domain). */
export const EXAMPLES: TExampleTable = {
  ...TOKEN_EXAMPLES,
  ...CARD_EXAMPLES,
  ...REFERENCE_EXAMPLES,
  ...PARTICIPANT_EXAMPLES,
  ...RAWDATA_EXAMPLES,
  ...RADAR_APPLICATION_EXAMPLES,
  ...RADAR_CONNECTION_EXAMPLES,
  ...WEBHOOK_EXAMPLES,
};
