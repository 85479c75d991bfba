"use client";

import { useState } from "react";

const box = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs disabled:opacity-50";

/** A destructive action that asks once more ("Yes, …" / "Keep") before it runs. */
export function ConfirmButton(props: { label: string; confirm: string; ariaLabel?: string; disabled?: boolean; onConfirm: () => unknown }) {
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1 text-xs">
        <button
          type="button"
          className={`${box} border-rose-300 text-rose-800`}
          onClick={() => {
            setAsking(false);
            void props.onConfirm();
          }}
        >
          {props.confirm}
        </button>
        <button type="button" className={box} onClick={() => setAsking(false)}>
          Keep
        </button>
      </span>
    );
  }
  return (
    <button type="button" className={box} aria-label={props.ariaLabel} disabled={props.disabled} onClick={() => setAsking(true)}>
      {props.label}
    </button>
  );
}
