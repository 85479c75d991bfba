"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../_trpc/client";

export function TokensPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.account.me.queryOptions());
  const tokens = useQuery(trpc.account.tokens.list.queryOptions());
  const [name, setName] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.tokens.list.queryKey() });
  const create = useMutation(
    trpc.account.tokens.create.mutationOptions({
      onSuccess: (r) => {
        setCreated(r.token);
        setName("");
        void refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.account.tokens.revoke.mutationOptions({ onSuccess: () => void refresh() }));

  return (
    <div className="mt-6 space-y-6">
      {me.data && (
        <p className="text-sm text-slate-700" data-testid="plan">
          Plan <strong>{me.data.plan}</strong>
          {me.data.access.limit !== null
            ? ` · ${me.data.access.used} of ${me.data.access.limit} requests used (${me.data.access.period})`
            : " · unlimited requests"}
        </p>
      )}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name: name || undefined });
        }}
      >
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Label (optional)"
          className="w-64 rounded border border-slate-300 px-3 py-1.5 text-sm"
        />
        <button type="submit" disabled={create.isPending} className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          Create token
        </button>
      </form>
      {created && (
        <div role="status" className="rounded border border-emerald-300 bg-emerald-50 p-3 text-sm">
          New token (copy it now, it will not be shown again): <code data-testid="new-token" className="break-all">{created}</code>
        </div>
      )}
      <table className="w-full text-left text-sm">
        <thead className="text-slate-500">
          <tr>
            <th className="py-2">Token</th>
            <th>Label</th>
            <th>Created</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {tokens.data?.map((t) => (
            <tr key={t.id} className="border-t border-slate-100">
              <td className="py-2 font-mono">{t.prefix}…</td>
              <td>{t.name ?? ""}</td>
              <td>{new Date(t.created_at).toLocaleString()}</td>
              <td>{t.status}</td>
              <td className="text-right">
                {t.status === "active" && (
                  <button type="button" onClick={() => revoke.mutate({ id: t.id })} className="text-rose-700 hover:underline">
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
