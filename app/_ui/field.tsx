import { useId, type ReactNode } from "react";

/** The ids a Field hands its control: its own, and the hint's and error's it is described by. */
export interface TFieldControl {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/**
 * A labelled form field: the label (tied to the control by id), the control, an optional hint and
 * an optional error, both announced with the control (aria-describedby; aria-invalid with an error).
 */
export function Field(props: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  labelClassName?: string;
  children: (control: TFieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={props.className}>
      <label htmlFor={id} className={props.labelClassName ?? "block text-sm"}>
        {props.label}
      </label>
      {props.children({ id, "aria-describedby": describedBy, ...(errorId ? { "aria-invalid": true as const } : {}) })}
      {props.hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-rose-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
