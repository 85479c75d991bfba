"use client";

import { isTyping, useWindowKeys } from "./use-window-keys";

/** `Esc` runs `onEscape` (a detail page's way back to its list), unless the reader is typing in a field. */
export function useEscapeKey(onEscape: () => void) {
  useWindowKeys((e) => {
    if (e.key === "Escape" && !isTyping(e.target)) onEscape();
  });
}
