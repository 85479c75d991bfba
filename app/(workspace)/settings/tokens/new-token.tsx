"use client";

import { useState } from "react";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";

/** The raw token of a token just created: shown this once, with a copy button. */
export function NewToken({ token, onDismiss }: { token: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <Alert tone="warning" boxed as="div" className="space-y-2 p-3 text-sm" testId="new-token-box">
      <p className="font-medium">Copy your new token now: it is not shown again, and it cannot be recovered.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="new-token" className="break-all rounded bg-white px-2 py-1 font-mono text-xs">
          {token}
        </code>
        <Button
          variant="primary"
          size="xs-wide"
          onClick={() =>
            navigator.clipboard.writeText(token).then(
              () => setCopied("yes"),
              () => setCopied("failed"),
            )
          }
        >
          Copy token
        </Button>
        <Button size="xs-wide" onClick={onDismiss}>
          Done
        </Button>
        <span aria-live="polite" className="text-xs text-slate-700">
          {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "Could not copy: select the token and copy it." : ""}
        </span>
      </div>
      <p className="text-xs text-slate-700">
        Send it as <code>Authorization: Token &lt;token&gt;</code>. Anyone holding it can use your account&apos;s quota: keep it secret, and
        revoke it here if it leaks.
      </p>
    </Alert>
  );
}
