import { AppError } from "./errors";

/**
 * Text a request can carry that the database cannot store. PostgreSQL text holds no NUL
 * character, and a string with an unpaired UTF-16 surrogate has no UTF-8 form: a JSON column
 * refuses it (a 500) and the driver writes U+FFFD into a text column in its place. Every entry
 * (the REST edge, /api/trpc, /mcp) walks a request's values once with `findUnstorableText` and
 * refuses what it finds with `unstorableTextError`, a 400 naming the parameter, before any
 * procedure runs.
 */

/** NUL, or a surrogate that is not half of a pair (with the `u` flag a pair is one code point, never `\p{Cs}`). */
const UNSTORABLE = /\0|\p{Cs}/u;

/** What `text` must not contain, when it holds something the database cannot store. */
function faultOf(text: string): string | undefined {
  if (!UNSTORABLE.test(text)) return undefined;
  return text.includes("\0") ? "NUL characters" : "an unpaired UTF-16 surrogate (text must be valid Unicode)";
}

/** What is wrong and where: `param` is the dotted path of the value ("params.search", "stages.1"). */
export interface TTextFault {
  param: string;
  problem: string;
}

/** True when a string anywhere in `value` (a key or a value, at any depth) cannot be stored. Iterative: no recursion over a body. */
function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (UNSTORABLE.test(item)) return true;
    } else if (item && typeof item === "object") {
      for (const [k, v] of Object.entries(item)) {
        if (UNSTORABLE.test(k)) return true;
        pending.push(v);
      }
    }
  }
  return false;
}

/**
 * The first string in `value` (a key or a value, at any depth) that the database cannot store,
 * named by its dotted path (`value`'s own keys are the parameters; `top` names `value` itself);
 * undefined when there is none. A key is reported under the object holding it. Iterative, and the
 * paths are only built once a fault is known to exist.
 */
export function findUnstorableText(value: unknown, top = "input"): TTextFault | undefined {
  if (!holdsUnstorableText(value)) return undefined;
  const pending: [unknown, string][] = [[value, ""]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === "string") {
      const fault = faultOf(item);
      if (fault) return { param: path || top, problem: `must not contain ${fault}` };
    } else if (item && typeof item === "object") {
      for (const [k, v] of Object.entries(item)) {
        const fault = faultOf(k);
        if (fault) return { param: path || top, problem: `parameter names must not contain ${fault}` };
        pending.push([v, path ? `${path}.${k}` : k]);
      }
    }
  }
  return undefined;
}

/** The 400 for a fault, in the form of every other invalid parameter ("Invalid value for search: ..."). */
export function unstorableTextError(fault: TTextFault): AppError {
  return new AppError("validation_error", `Invalid value for ${fault.param}: ${fault.problem}.`, {
    details: { [fault.param]: [fault.problem] },
  });
}
