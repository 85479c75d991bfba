"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { ConfirmButton } from "~/app/_ui/confirm-button";
import { EmptyState } from "~/app/_ui/empty-state";
import { Field } from "~/app/_ui/field";
import { Input } from "~/app/_ui/input";
import { Panel } from "~/app/_ui/panel";
import { useToast } from "~/app/_ui/toast";
import { ClientForm } from "~/app/_ui/client-form";

/** Owners and admins: make an invitation link (shown once, with Copy), the open ones, Revoke. */
export function Invitations() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const open = useQuery(trpc.team.workspace.invitations.queryOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.team.workspace.invitations.queryKey() });
  const [email, setEmail] = useState("");
  const [link, setLink] = useState<string | null>(null);
  const [emailedTo, setEmailedTo] = useState<string | null>(null);
  const [heldFor, setHeldFor] = useState<string | null>(null);
  const [copied, setCopied] = useState("");
  const invite = useMutation(
    trpc.team.workspace.invite.mutationOptions({
      onSuccess: (r) => {
        setLink(r.url);
        setEmailedTo(r.emailed ? r.invitation.email : null);
        setHeldFor(r.held ? r.invitation.email : null);
        setCopied("");
        setEmail("");
        void refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.team.workspace.revokeInvitation.mutationOptions({
      onSuccess: () => {
        toast("Invitation revoked: its link no longer works.");
        void refresh();
      },
    }),
  );
  return (
    <Panel className="p-3">
      <h2 className="font-medium">Invitations</h2>
      <p className="mt-1 text-sm text-slate-600">
        A link lets one person join, within 7 days. Give an e-mail to let only that account use it: the link is also e-mailed there when the
        service sends e-mail, and an account with that address finds the invitation in its notifications.
      </p>
      <ClientForm
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate({ email: email.trim() || undefined });
        }}
      >
        <Field label="E-mail (optional)" error={invite.error?.message}>
          {(c) => <Input {...c} type="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Button type="submit" variant="primary" size="md" disabled={invite.isPending}>
          Make invitation link
        </Button>
      </ClientForm>
      {link && (
        <Alert tone="warning" boxed as="div" className="mt-3 space-y-2 p-3 text-sm">
          {emailedTo && <p data-testid="invitation-emailed">E-mailed to {emailedTo}.</p>}
          {heldFor && (
            <p data-testid="invitation-held">
              Not e-mailed to {heldFor}: the team has sent as many invitation e-mails as a day allows. Send the link yourself.
            </p>
          )}
          <p className="font-medium">Copy the link now: it is shown only once.</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="invitation-link" className="break-all rounded bg-white px-2 py-1 font-mono text-xs">
              {link}
            </code>
            <Button
              size="xs-wide"
              variant="primary"
              onClick={() =>
                navigator.clipboard.writeText(link).then(
                  () => setCopied("Copied to the clipboard."),
                  () => setCopied("Could not copy: select the link and copy it."),
                )
              }
            >
              Copy link
            </Button>
            <Button size="xs-wide" onClick={() => setLink(null)}>
              Done
            </Button>
            <span aria-live="polite" className="text-xs text-slate-700">
              {copied}
            </span>
          </div>
        </Alert>
      )}
      {revoke.error && <Alert className="mt-2 text-sm">{revoke.error.message}</Alert>}
      {open.error && <Alert className="mt-2 text-sm">Could not load the open invitations: {open.error.message}</Alert>}
      {open.data && open.data.length === 0 && <EmptyState className="mt-3">No open invitation.</EmptyState>}
      {open.data && open.data.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="open-invitations">
          {open.data.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-2 py-2">
              <span className="min-w-0 flex-1">
                {i.email ? `For ${i.email}` : "Anyone with the link"}
                <span className="text-slate-600"> · until {new Date(i.expires_at).toLocaleDateString()}</span>
              </span>
              <ConfirmButton
                label="Revoke"
                ariaLabel={`Revoke invitation ${i.id}`}
                confirm="Yes, revoke"
                onConfirm={() => revoke.mutate({ id: i.id })}
              />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
