import type { ReactNode } from "react";

const LOOKS = {
  dashed: "rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600",
  solid: "rounded border border-slate-200 bg-white p-4 text-sm text-slate-700",
} as const;

/** What a list shows when it has nothing: a box with a sentence (and maybe a way on). `className` adds spacing. */
export function EmptyState(props: { look?: keyof typeof LOOKS; className?: string; children: ReactNode }) {
  return <p className={[LOOKS[props.look ?? "dashed"], props.className].filter(Boolean).join(" ")}>{props.children}</p>;
}
