"use client";

import { useState } from "react";
import { Button } from "./button";

/** A destructive action that asks once more ("Yes, …" / "Keep") before it runs. */
export function ConfirmButton(props: { label: string; confirm: string; ariaLabel?: string; disabled?: boolean; onConfirm: () => unknown }) {
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1 text-xs">
        <Button
          variant="danger"
          size="xs"
          onClick={() => {
            setAsking(false);
            void props.onConfirm();
          }}
        >
          {props.confirm}
        </Button>
        <Button size="xs" onClick={() => setAsking(false)}>
          Keep
        </Button>
      </span>
    );
  }
  return (
    <Button size="xs" aria-label={props.ariaLabel} disabled={props.disabled} onClick={() => setAsking(true)}>
      {props.label}
    </Button>
  );
}
