import type { ReactNode } from "react";

const TEXT = { error: "text-rose-700", success: "text-emerald-700", info: "text-slate-700", warning: "text-amber-900" } as const;
const BOXED = {
  error: "rounded border border-rose-200 bg-rose-50 text-rose-800",
  success: "rounded border border-emerald-200 bg-emerald-50 text-emerald-900",
  info: "rounded border border-slate-200 bg-white text-slate-700",
  warning: "rounded border border-amber-300 bg-amber-50 text-amber-900",
} as const;

export type TAlertTone = keyof typeof TEXT;

/**
 * A message about what just happened: an error is announced at once (role=alert), anything else
 * politely (role=status). Inline (coloured text, `className` sets size and spacing) or `boxed`
 * (bordered and tinted, with padding and text size of its own unless `className` gives them).
 * A boxed note that is part of the page rather than news (a warning before a choice, why a page is
 * closed) passes `role="note"` (with a `label`) or `role="none"`, so it is not announced.
 */
export function Alert(props: {
  tone?: TAlertTone;
  boxed?: boolean;
  as?: "p" | "span" | "div" | "section";
  role?: "note" | "none";
  label?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const tone = props.tone ?? "error";
  const Tag = props.as ?? "p";
  const look = props.boxed
    ? `${BOXED[tone]} ${props.className ?? "px-3 py-2 text-sm"}`
    : [TEXT[tone], props.className].filter(Boolean).join(" ");
  return (
    <Tag role={props.role ?? (tone === "error" ? "alert" : "status")} aria-label={props.label} className={look} data-testid={props.testId}>
      {props.children}
    </Tag>
  );
}
