"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { useWindowKeys } from "./use-window-keys";

const summaryText = (label: string, n: number) => (n === 0 ? label : `${label} (${n})`);
/** The bordered box of a filter control (a popover's button, a field, a toggle). */
export const POPOVER_BOX = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

/**
 * A popover holding a list of controls (closed by default; `<details>`). Opening one closes any
 * other that is open (they never stack); Esc closes it and returns the focus to its button, and so
 * does a click outside it. On narrow screens it spans the viewport's width instead of hanging off
 * its edge. Its controls are rendered from its first opening on: a page's closed popovers (a
 * location tree of hundreds of checkboxes) cost nothing when the page renders again.
 */
export function Popover({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // Opened before the page's script ran: the toggle event is gone, the element says it.
  useEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    for (const other of document.querySelectorAll<HTMLDetailsElement>("details[data-popover][open]")) if (other !== el) other.open = false;
    const onDown = (e: PointerEvent) => {
      if (!el.contains(e.target as Node)) el.open = false;
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);
  // Listening while closed too, and reading the element's own state: `toggle` fires a task after
  // the panel opens, so an Esc pressed right after the click would find `open` not yet set.
  useWindowKeys(
    (e) => {
      const el = ref.current;
      if (e.key !== "Escape" || !el?.open) return;
      // Esc closes the panel and does nothing else (no leaving the page, no clearing a field).
      e.stopPropagation();
      e.preventDefault();
      el.open = false;
      el.querySelector("summary")?.focus();
    },
    { capture: true },
  );
  return (
    <details ref={ref} data-popover="" className="relative text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={`cursor-pointer ${POPOVER_BOX} ${count ? "border-sky-400 bg-sky-50" : ""}`}>{summaryText(label, count)}</summary>
      <div className="absolute left-0 z-20 mt-1 max-h-80 w-72 overflow-auto rounded border border-slate-200 bg-white p-2 shadow max-sm:fixed max-sm:inset-x-2 max-sm:w-auto">
        {opened && children}
      </div>
    </details>
  );
}
