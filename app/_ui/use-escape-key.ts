"use client";

import { useEffect } from "react";

/** `Esc` runs `onEscape` (a detail page's way back to its list), unless the reader is typing in a field. */
export function useEscapeKey(onEscape: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === "Escape" && !(t && ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) onEscape();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onEscape]);
}
