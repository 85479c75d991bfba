/**
 * How a team comment names a teammate, with no database in it: the server reads mentions with
 * these functions (comments.ts) and the comment box's autocomplete offers and inserts handles by
 * the same rules, so what it inserts is what the server resolves.
 *
 * `@` followed by a teammate's e-mail, or by the part of it before its `@`, mentions them,
 * case-insensitively.
 */

const HANDLE = /@([A-Za-z0-9._%+-]+(?:@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)?)/g;

/**
 * The handles a text mentions, lower-cased (`@ana` gives `ana`, `@ana@fund.test` gives
 * `ana@fund.test`). Full stops at a handle's end end the sentence, not the handle (no e-mail's
 * part before its `@` ends with one): "thanks @ana." mentions ana.
 */
export function mentionHandles(text: string): Set<string> {
  return new Set([...text.matchAll(HANDLE)].map((m) => m[1]!.toLowerCase().replace(/\.+$/, "")));
}

/** Whether one of `handles` names the account with this e-mail. */
export function namesAccount(handles: ReadonlySet<string>, email: string): boolean {
  const e = email.toLowerCase();
  return handles.has(e) || handles.has(e.split("@")[0]!);
}

/**
 * The handle that mentions the teammate with `email` and no one else among `teammates` (the
 * accounts a mention can reach, the teammate among them): the part of the e-mail before its `@`
 * when it alone names them, else the whole e-mail; null when neither reads as a mention (an e-mail
 * with characters a handle cannot hold). Each candidate is checked by reading it back as a comment
 * would be read.
 */
export function mentionHandle(email: string, teammates: readonly string[]): string | null {
  for (const handle of [email.split("@")[0]!, email]) {
    const read = mentionHandles(`@${handle} `);
    if (namesAccount(read, email) && teammates.filter((t) => namesAccount(read, t)).length === 1) return handle;
  }
  return null;
}

/**
 * The mention being typed where the caret is: an `@` at the start of the text or after a character
 * that cannot be part of a handle, then what has been typed of the handle so far. `start` is the
 * index of the `@`; null when the caret is not in such a word.
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(?:^|[^A-Za-z0-9._%+\-@])@([A-Za-z0-9._%+-]*(?:@[A-Za-z0-9.-]*)?)$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[1]!.length - 1, query: m[1]! };
}
