"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A side panel that previews the table's active row (Space opens and closes it, j/k move it to
 * the next row, Esc closes it). It is a labelled region beside the list, not a dialog: the list
 * keeps the keyboard, and focus stays where it was.
 */
export function PreviewPanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollTo({ top: 0 });
  }, [title]);
  return (
    <aside
      ref={ref}
      aria-label={`Preview: ${title}`}
      data-testid="row-preview"
      className="fixed inset-y-0 right-0 z-30 w-full max-w-md overflow-y-auto border-l border-slate-200 bg-white p-5 shadow-xl"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs text-slate-600">Preview · Space or Esc closes, j/k move</p>
        <Button variant="ghost" size="xs" onClick={onClose} aria-label="Close the preview">
          ×
        </Button>
      </div>
      {children}
    </aside>
  );
}
