"use client";

import { useState } from "react";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";

/** Revoke for one token, asking once more first (a revoked token stops working at once). */
export function RevokeToken(props: { label: string; onRevoke: () => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!confirming) {
    return (
      <Button variant="danger" size="xs" aria-label={`Revoke ${props.label}`} onClick={() => setConfirming(true)}>
        Revoke
      </Button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-1 text-xs">
      Requests with it will fail.
      <Button
        variant="danger"
        size="xs"
        onClick={() =>
          void props.onRevoke().then(
            () => setConfirming(false),
            (e: unknown) => setError(e instanceof Error ? e.message : "failed"),
          )
        }
      >
        Yes, revoke {props.label}
      </Button>
      <Button size="xs" onClick={() => setConfirming(false)}>
        Keep
      </Button>
      {error && <Alert as="span">{error}</Alert>}
    </span>
  );
}
