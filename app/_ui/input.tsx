import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** The field box every text input, select and textarea shares. */
const BOX = "rounded border border-slate-300 bg-white";

/** Padding and text size of a field. */
const SIZES = {
  xs: "px-1 py-1",
  /** Lined up with "xs" buttons (inline rename). */
  tiny: "px-2 py-0.5 text-xs",
  sm: "px-2 py-1 text-sm",
  "sm-tall": "px-2 py-1.5 text-sm",
  md: "px-3 py-1.5",
  lg: "px-3 py-2",
  /** A block of text (a note, a message). */
  block: "p-2 text-sm",
} as const;

export type TFieldSize = keyof typeof SIZES;

const cls = (size: TFieldSize, extra?: string) => [BOX, SIZES[size], extra].filter(Boolean).join(" ");

/** A text-like input (text, email, url, password, number, search). `className` adds layout only. */
export function Input({ size = "sm", className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, "size"> & { size?: TFieldSize }) {
  return <input className={cls(size, className)} {...rest} />;
}

/** A multi-line text field (`ref` reaches the element: a caller that places the caret). */
export function Textarea({
  size = "block",
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { size?: TFieldSize; ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea className={cls(size, className)} {...rest} />;
}

/** A drop-down choice. */
export function Select({ size = "sm", className, ...rest }: Omit<SelectHTMLAttributes<HTMLSelectElement>, "size"> & { size?: TFieldSize }) {
  return <select className={cls(size, className)} {...rest} />;
}

/** A checkbox, or with `role="switch"` an on/off switch; the browser's own look. */
export function Checkbox({ className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return <input type="checkbox" className={className} {...rest} />;
}

/** One option of a radio group; the browser's own look. */
export function Radio({ className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return <input type="radio" className={className} {...rest} />;
}
