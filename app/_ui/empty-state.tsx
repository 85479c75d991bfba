import type { ReactNode } from "react";

/** What a list shows when it has nothing: a dashed box with a sentence (and maybe a way on). */
export function EmptyState(props: { className?: string; children: ReactNode }) {
  return (
    <p className={["rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600", props.className].filter(Boolean).join(" ")}>
      {props.children}
    </p>
  );
}
