"use client";

import type { RefObject } from "react";
import { isTyping, useWindowKeys } from "./use-window-keys";

/**
 * `/` focuses the page's search field (unless the reader is typing in a field already); `Esc` in
 * that field leaves it, keeping what was typed, so the list's keys (`j`/`k`, `Enter`) work again.
 */
export function useSearchShortcut(ref: RefObject<HTMLInputElement | null>) {
  useWindowKeys((e) => {
    if (e.key === "Escape" && e.target !== null && e.target === ref.current) {
      e.preventDefault();
      ref.current.blur();
      return;
    }
    if (e.key === "/" && !isTyping(e.target)) {
      e.preventDefault();
      ref.current?.focus();
    }
  });
}
