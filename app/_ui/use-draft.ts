"use client";

import { useState } from "react";

/**
 * A local, editable copy of `value` (a search box, a min/max field) that starts over whenever
 * `value` changes from outside, e.g. Back or a removed filter. The reset happens during render
 * (React's "adjusting state when a prop changes"), so no frame shows the stale text.
 */
export function useDraft<T>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [source, setSource] = useState(value);
  if (!Object.is(source, value)) {
    setSource(value);
    setDraft(value);
  }
  return [draft, setDraft];
}
