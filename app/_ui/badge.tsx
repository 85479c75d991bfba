import type { ReactNode } from "react";

const TONES = {
  success: "bg-emerald-100 text-emerald-900",
  info: "bg-sky-100 text-sky-900",
  warning: "bg-amber-100 text-amber-900",
  danger: "bg-rose-100 text-rose-900",
  neutral: "bg-slate-100 text-slate-800",
} as const;

export type TBadgeTone = keyof typeof TONES;

/** A small tinted label (a status, a flag). `className` adds text size, weight or padding. */
export function Badge(props: { tone?: TBadgeTone; className?: string; testId?: string; children: ReactNode }) {
  return (
    <span
      className={["rounded px-1.5", TONES[props.tone ?? "neutral"], props.className].filter(Boolean).join(" ")}
      data-testid={props.testId}
    >
      {props.children}
    </span>
  );
}
