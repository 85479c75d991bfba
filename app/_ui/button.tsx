"use client";

import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "./use-browser-store";

/** The looks of a button: filled, outlined, destructive, a toggle's "on" states, and text buttons. */
const VARIANTS = {
  primary: "rounded bg-slate-900 text-white disabled:opacity-60",
  secondary: "rounded border border-slate-300 bg-white disabled:opacity-50",
  danger: "rounded border border-rose-300 bg-white text-rose-800 disabled:opacity-50",
  /** The pressed state of a toggle whose "on" is a warning colour (liked). */
  "danger-on": "rounded border border-rose-300 bg-rose-50 text-rose-800 disabled:opacity-50",
  /** The pressed state of a toggle whose "on" is a success colour (saved). */
  "success-on": "rounded border border-emerald-600 bg-emerald-50 text-emerald-900 disabled:opacity-60",
  /** An unselected segment of a segmented control. */
  ghost: "rounded text-slate-700 hover:bg-slate-100",
  /** Link-like: text that underlines on hover. */
  link: "text-slate-900 hover:underline disabled:opacity-50",
  "link-danger": "text-rose-700 hover:underline disabled:opacity-50",
  /** Link-like and muted until hovered (a secondary action in a header). */
  "link-muted": "text-slate-600 hover:text-slate-900",
  /** Link-like and always underlined (an action inside a sentence), in the link colour or the text's own. */
  "link-accent": "text-sky-800 underline",
  "link-inherit": "underline",
} as const;

/** Padding and text size; link-like buttons take none (they sit in running text). */
const SIZES = {
  none: "",
  xs: "px-2 py-0.5 text-xs",
  "xs-wide": "px-3 py-1 text-xs",
  sm: "px-2 py-1 text-sm",
  "sm-tall": "px-2 py-1.5 text-sm",
  /** A link-like button lined up with "sm-tall" fields. */
  "link-tall": "px-1 py-1.5 text-sm",
  md: "px-3 py-1 text-sm",
  lg: "px-3 py-1.5 text-sm",
  xl: "px-3 py-2 text-sm font-medium",
} as const;

export type TButtonVariant = keyof typeof VARIANTS;
export type TButtonSize = keyof typeof SIZES;

/** The class list of a kit button (for the rare element that must look like one, as a summary). */
export function buttonClass(variant: TButtonVariant = "secondary", size: TButtonSize = "sm", extra?: string): string {
  return [VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(" ");
}

/**
 * The workspace's button. `type` defaults to "button" (a submit button says so); `className` adds
 * layout (margins, width), never colours or padding (those are the variant's and the size's).
 * A "button" button does something only once the page's script runs: until the page has hydrated
 * it is marked unavailable (`aria-disabled`: assistive technology says so, nothing changes on
 * screen). Submit buttons work without the script in a plain form, and wait for it in a ClientForm
 * (client-form.tsx).
 */
export function Button({
  variant = "secondary",
  size,
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: TButtonVariant; size?: TButtonSize }) {
  const hydrated = useHydrated();
  const pad = size ?? (variant.startsWith("link") ? "none" : "sm");
  const waiting = type === "button" && !hydrated;
  return <button type={type} className={buttonClass(variant, pad, className)} aria-disabled={waiting || undefined} {...rest} />;
}
