"use client";

import { useState } from "react";

const box = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs";

/** Revoke for one token, asking once more first (a revoked token stops working at once). */
export function RevokeToken(props: { label: string; onRevoke: () => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!confirming) {
    return (
      <button type="button" className={`${box} text-rose-800`} aria-label={`Revoke ${props.label}`} onClick={() => setConfirming(true)}>
        Revoke
      </button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-1 text-xs">
      Requests with it will fail.
      <button
        type="button"
        className={`${box} border-rose-300 text-rose-800`}
        onClick={() =>
          void props.onRevoke().then(
            () => setConfirming(false),
            (e: unknown) => setError(e instanceof Error ? e.message : "failed"),
          )
        }
      >
        Yes, revoke {props.label}
      </button>
      <button type="button" className={box} onClick={() => setConfirming(false)}>
        Keep
      </button>
      {error && (
        <span role="alert" className="text-rose-700">
          {error}
        </span>
      )}
    </span>
  );
}
