/**
 * A refusal of the API in the words of the form that sent it. The API names the parameter it
 * refuses (`url: must use http or https`); a page names its fields in words, so `names` maps each
 * parameter to the words for its field ("the URL") and the message becomes "The URL must use http
 * or https.", with `field` saying which field it belongs to. A message about no parameter in `names`
 * is kept as it is, as a sentence (a full stop added when it has none).
 */
export function fieldMessage<TField extends string>(
  message: string,
  names: Record<TField, string>,
): { field: TField | null; text: string } {
  const m = /^([a-z_]+)(?:\.\d+)?: (.+)$/s.exec(message.trim());
  if (m && Object.hasOwn(names, m[1]!)) {
    const field = m[1] as TField;
    const words = names[field];
    return { field, text: sentence(`${words.charAt(0).toUpperCase()}${words.slice(1)} ${m[2]!.trim()}`) };
  }
  return { field: null, text: sentence(message.trim()) };
}

/** The text ending with a full stop (or the ! or ? it has). */
const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);
