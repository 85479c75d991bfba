/**
 * How deeply a JSON text nests arrays and objects, checked on the text itself in one pass, before
 * anything parses or walks it: code that walks a parsed value (validation, serialisation) may
 * recurse, and a body of a few hundred kilobytes can nest hundreds of thousands of levels.
 */

/** The deepest nesting of arrays and objects a request body (or query input) may have. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when `text` opens more than `max` arrays or objects inside one another. Brackets inside
 * strings do not count. The text need not be valid JSON: invalid text is left to the parser.
 */
export function exceedsJsonDepth(text: string, max: number): boolean {
  if (text.length <= max) return false; // too short to open more than `max` brackets
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}
