"use client";

import { useEffect, type RefObject } from "react";

/**
 * `/` focuses the page's search field (unless the reader is typing in a field already); `Esc` in
 * that field leaves it, keeping what was typed, so the list's keys (`j`/`k`, `Enter`) work again.
 */
export function useSearchShortcut(ref: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === "Escape" && t !== null && t === ref.current) {
        e.preventDefault();
        ref.current.blur();
        return;
      }
      if (e.key === "/" && !(t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)))) {
        e.preventDefault();
        ref.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ref]);
}
