"use client";

import { useState } from "react";

/** The raw token of a token just created: shown this once, with a copy button. */
export function NewToken({ token, onDismiss }: { token: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <div role="status" className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="new-token-box">
      <p className="font-medium text-amber-900">Copy your new token now: it is not shown again, and it cannot be recovered.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="new-token" className="break-all rounded bg-white px-2 py-1 font-mono text-xs">
          {token}
        </code>
        <button
          type="button"
          className="rounded bg-slate-900 px-3 py-1 text-xs text-white"
          onClick={() =>
            navigator.clipboard.writeText(token).then(
              () => setCopied("yes"),
              () => setCopied("failed"),
            )
          }
        >
          Copy token
        </button>
        <button type="button" className="rounded border border-slate-300 bg-white px-3 py-1 text-xs" onClick={onDismiss}>
          Done
        </button>
        <span aria-live="polite" className="text-xs text-slate-700">
          {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "Could not copy: select the token and copy it." : ""}
        </span>
      </div>
      <p className="text-xs text-slate-700">
        Send it as <code>Authorization: Token &lt;token&gt;</code>. Anyone holding it can use your account&apos;s quota: keep it secret, and
        revoke it here if it leaks.
      </p>
    </div>
  );
}
