"use client";

import { useLayoutEffect, useRef } from "react";

/**
 * A page's keyboard shortcuts: `onKey` receives every keydown of the window. It is attached before
 * the page is painted and always sees the latest render's state (a ref, not a re-subscription), so
 * a key pressed the instant a page or a row appears is never lost or handled with stale state.
 */
export function useWindowKeys(onKey: (e: KeyboardEvent) => void, options?: { capture?: boolean; enabled?: boolean }) {
  const latest = useRef(onKey);
  const capture = options?.capture ?? false;
  const enabled = options?.enabled ?? true;
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useLayoutEffect(() => {
    if (!enabled) return;
    const listener = (e: KeyboardEvent) => latest.current(e);
    window.addEventListener("keydown", listener, capture);
    return () => window.removeEventListener("keydown", listener, capture);
  }, [capture, enabled]);
}

/** Whether a key event comes from a field the reader is typing in (shortcuts leave those keys alone). */
export const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));
