import type { HTMLAttributes } from "react";

/** A white bordered box that groups a part of a page. `className` adds padding and layout (p-3 by default). */
export function Panel({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`rounded border border-slate-200 bg-white ${className ?? "p-3"}`} {...rest} />;
}
