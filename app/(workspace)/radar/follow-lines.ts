import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "~/server/api/root";
import { fieldMessage } from "~/app/_ui/api-message";
import { failureText, IDENTIFIER_NAMES, type TBulkOutcome, type TSource } from "./radar-types";

/**
 * What became of each line of a follow, in the page's one vocabulary: following a profile creates
 * an application; the worker looks it up and the application becomes a connection, or fails with
 * its reason. A line is refused at once (nothing created) when it cannot be a profile of the chosen
 * network, or when no quota place is left.
 */

export type TFollowStatus = inferRouterOutputs<TAppRouter>["workspace"]["radarFollowStatus"]["data"][number];

export type TLineState =
  "refused" | "no_quota" | "already_connection" | "idle" | "pending" | "processing" | "connected" | "failed" | "removed";

export interface TFollowLine {
  text: string;
  state: TLineState;
  detail: string;
  /** The application the line created or found, followed until it is connected or failed. */
  applicationId?: number;
}

export const LINE_LABEL: Record<TLineState, string> = {
  refused: "Refused",
  no_quota: "Not followed",
  already_connection: "Already a connection",
  idle: "Application, not tracked",
  pending: "Application queued",
  processing: "Application processing",
  connected: "Connected",
  failed: "Application failed",
  removed: "Application removed",
};

/** Whether a line may still change on its own (the worker has it). */
export const inFlight = (l: TFollowLine) => l.state === "pending" || l.state === "processing";

/** An identifier as typed: a profile URL, a numeric id (network_b) or a username (with or without @). */
export function toItem(source: TSource, text: string): Record<string, string> {
  const t = text.trim();
  if (/^https?:\/\//i.test(t)) return source === "network_a" ? { network_a_url: t } : { network_b_url: t };
  if (source === "network_b" && /^\d{1,20}$/.test(t)) return { network_b_user_id: t };
  return { username: t.replace(/^@/, "") };
}

const APPLICATION_DETAIL: Record<"idle" | "pending" | "processing", string> = {
  idle: "tracking is off: turn it on in Applications to connect it",
  pending: "waiting for the worker",
  processing: "the worker is looking the profile up",
};

function applicationLine(text: string, id: number, status: "idle" | "pending" | "processing" | "failed", found: boolean): TFollowLine {
  if (status === "failed") return { text, state: "failed", detail: "failed earlier: Retry it in Applications", applicationId: id };
  const detail = `${found ? "already followed, " : ""}${APPLICATION_DETAIL[status]}`;
  return { text, state: status, detail, applicationId: id };
}

/** A refusal (error code and message of the API) as a line. */
export function refusedLine(text: string, code: string | undefined, message: string): TFollowLine {
  return code === "tracking_limit_reached"
    ? { text, state: "no_quota", detail: `no quota place left: ${message}` }
    : { text, state: "refused", detail: `${fieldMessage(message, IDENTIFIER_NAMES).text} Nothing was created.` };
}

/** The bulk answer as one line per pasted line, in the pasted order. */
export function outcomeLines(lines: string[], data: TBulkOutcome): TFollowLine[] {
  const out: TFollowLine[] = lines.map((text) => ({ text, state: "refused", detail: "no answer for this line" }));
  for (const c of data.created) out[c.index] = applicationLine(lines[c.index]!, c.application.id, c.application.init_status, false);
  for (const e of data.existing) {
    out[e.index] = e.already_tracked
      ? {
          text: lines[e.index]!,
          state: "already_connection",
          detail: e.connection.name ?? e.connection.username ?? `connection #${e.connection.id}`,
        }
      : applicationLine(lines[e.index]!, e.application.id, e.application.init_status, true);
  }
  for (const e of data.errors) out[e.index] = refusedLine(lines[e.index]!, e.error, e.message);
  return out;
}

/** A line with what its application has become since (the worker's progress). */
export function withStatus(line: TFollowLine, status: TFollowStatus | undefined): TFollowLine {
  if (!status || line.applicationId === undefined) return line;
  switch (status.state) {
    case "connected":
      return { ...line, state: "connected", detail: status.name ?? status.username ?? `connection #${status.id}` };
    case "failed":
      return {
        ...line,
        state: "failed",
        detail: status.error ? `${failureText(status.error)} Retry it in Applications.` : "Retry it in Applications.",
      };
    case "removed":
      return { ...line, state: "removed", detail: "deleted since" };
    default:
      return line.state === status.state ? line : { ...line, state: status.state, detail: APPLICATION_DETAIL[status.state] };
  }
}
