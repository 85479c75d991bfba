"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { DataTable } from "~/app/_ui/data-table";
import type { TColumn } from "~/app/_ui/table-column";
import { useToast } from "~/app/_ui/toast";
import { NewToken } from "./new-token";
import { RevokeToken } from "./revoke-token";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Input, Select } from "~/app/_ui/input";
import { ClientForm } from "~/app/_ui/client-form";

const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);
const STATUS_STYLE = {
  active: "bg-emerald-50 text-emerald-800",
  expired: "bg-amber-50 text-amber-900",
  revoked: "bg-slate-100 text-slate-700",
};

type TToken = {
  id: number;
  prefix: string;
  name: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  status: "active" | "expired" | "revoked";
};

const EXPIRY = [
  ["", "Never expires"],
  ["30", "Expires in 30 days"],
  ["90", "Expires in 90 days"],
  ["365", "Expires in a year"],
] as const;

/** /settings/tokens: the account's API tokens; create (shown once), revoke (after a confirmation). */
export function TokensPanel() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const tokens = useQuery(trpc.account.tokens.list.queryOptions());
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const toast = useToast();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.account.tokens.list.queryKey() });
  const create = useMutation(
    trpc.account.tokens.create.mutationOptions({
      onSuccess: (r) => {
        setCreated(r.token);
        setName("");
        toast("Token created: copy it now, it is shown only once.");
        void refresh();
      },
    }),
  );
  const { mutateAsync: revoke } = useMutation(
    trpc.account.tokens.revoke.mutationOptions({
      onSuccess: () => {
        toast("Token revoked: it no longer works.");
        void refresh();
      },
    }),
  );

  const columns = useMemo(
    (): TColumn<TToken>[] => [
      {
        id: "name",
        meta: { label: "Token", fixed: true },
        cell: ({ row }) => (
          <span>
            <span className="font-medium">{row.original.name ?? "(no label)"}</span>{" "}
            <span className="font-mono text-xs text-slate-600">{row.original.prefix}…</span>
          </span>
        ),
      },
      { id: "created", meta: { label: "Created" }, cell: ({ row }) => when(row.original.created_at, "") },
      { id: "last_used", meta: { label: "Last used" }, cell: ({ row }) => when(row.original.last_used_at, "never") },
      { id: "expires", meta: { label: "Expires" }, cell: ({ row }) => when(row.original.expires_at, "never") },
      {
        id: "status",
        meta: { label: "Status" },
        cell: ({ row }) => (
          <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLE[row.original.status]}`}>{row.original.status}</span>
        ),
      },
      {
        id: "actions",
        meta: { label: "Actions", fixed: true },
        cell: ({ row }) =>
          row.original.status === "active" ? (
            <RevokeToken label={row.original.name ?? `${row.original.prefix}…`} onRevoke={() => revoke({ id: row.original.id })} />
          ) : null,
      },
    ],
    [revoke],
  );

  return (
    <div className="mt-4 space-y-4">
      <ClientForm
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name: name.trim() || undefined, expires_in_days: expiry ? Number(expiry) : undefined });
        }}
      >
        <label htmlFor="token-label" className="sr-only">
          Token label
        </label>
        <Input id="token-label" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} placeholder="Label (optional)" />
        <label htmlFor="token-expiry" className="sr-only">
          Expiry
        </label>
        <Select id="token-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          {EXPIRY.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </Select>
        <Button type="submit" disabled={create.isPending} variant="primary" size="md">
          Create token
        </Button>
        {create.error && (
          <Alert as="span" className="text-sm">
            {create.error.message}
          </Alert>
        )}
      </ClientForm>
      {created && <NewToken token={created} onDismiss={() => setCreated(null)} />}
      <DataTable
        label="API tokens"
        testId="token-table"
        data={tokens.data}
        columns={columns}
        storageKey="vm:tokens:columns"
        getRowId={(t) => String(t.id)}
        busy={tokens.isFetching}
        error={tokens.error?.message}
        onRetry={() => void tokens.refetch()}
        empty="No token yet: create one above to call the API."
      />
    </div>
  );
}
