/**
 * A word-level diff of two short texts (headlines, bios): each side as runs of words marked
 * `changed` when the other side does not have them at that place (longest common subsequence).
 */
export interface TRun {
  text: string;
  changed: boolean;
}

const MAX_WORDS = 400;

export function wordDiff(before: string, after: string): { before: TRun[]; after: TRun[] } {
  const a = before.split(/(\s+)/).filter((w) => w !== "");
  const b = after.split(/(\s+)/).filter((w) => w !== "");
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) {
    return { before: [{ text: before, changed: before !== after }], after: [{ text: after, changed: before !== after }] };
  }
  // lcs[i][j]: common length of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const left: TRun[] = [];
  const right: TRun[] = [];
  const push = (runs: TRun[], text: string, changed: boolean) => {
    const last = runs[runs.length - 1];
    // Whitespace between two changed words stays inside the changed run.
    if (last && (last.changed === changed || (/^\s+$/.test(text) && last.changed))) last.text += text;
    else runs.push({ text, changed });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push(left, a[i]!, false);
      push(right, b[j]!, false);
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      push(right, b[j++]!, true);
    } else {
      push(left, a[i++]!, true);
    }
  }
  return { before: left, after: right };
}
