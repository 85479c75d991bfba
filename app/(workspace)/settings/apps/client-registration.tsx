"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { OAUTH_SCOPES as SCOPES, type TOAuthScope as TScope } from "~/server/domain/access/scopes";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { useToast } from "~/app/_ui/toast";
import { Button } from "~/app/_ui/button";
import { Checkbox, Input, Radio, Textarea } from "~/app/_ui/input";
import { Field } from "~/app/_ui/field";
import { ClientForm } from "~/app/_ui/client-form";

/** Staff: register OAuth applications (the secret of a confidential one is shown once) and revoke them. */
export function ClientRegistration() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const clients = useQuery(trpc.account.oauthClients.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.oauthClients.list.queryKey() });
  const [name, setName] = useState("");
  const [uris, setUris] = useState("");
  const [type, setType] = useState<"confidential" | "public">("confidential");
  const [scopes, setScopes] = useState<TScope[]>([...SCOPES]);
  const [created, setCreated] = useState<{ id: string; secret: string | null } | null>(null);
  const toast = useToast();
  const create = useMutation(
    trpc.account.oauthClients.create.mutationOptions({
      onSuccess: (r) => {
        setCreated({ id: r.client.client_id, secret: r.client_secret });
        toast("Application registered.");
        setName("");
        setUris("");
        void refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.account.oauthClients.revoke.mutationOptions({
      onSuccess: () => {
        toast("Application revoked.");
        void refresh();
      },
    }),
  );

  return (
    <section aria-labelledby="register-heading" className="space-y-4">
      <h2 id="register-heading" className="text-lg font-semibold">
        Registered applications (staff)
      </h2>
      <ClientForm
        className="grid max-w-2xl gap-3 rounded border border-slate-200 bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, redirect_uris: uris.split(/\s+/).filter(Boolean), type, scopes });
        }}
      >
        <Field className="text-sm" label={<span className="text-slate-600">Application name</span>}>
          {(control) => (
            <Input {...control} value={name} onChange={(e) => setName(e.target.value)} required size="md" className="mt-1 w-full" />
          )}
        </Field>
        <Field className="text-sm" label={<span className="text-slate-600">Redirect URIs (one per line)</span>}>
          {(control) => (
            <Textarea
              {...control}
              value={uris}
              onChange={(e) => setUris(e.target.value)}
              required
              rows={2}
              size="md"
              className="mt-1 w-full font-mono text-xs"
            />
          )}
        </Field>
        <fieldset className="text-sm">
          <legend className="text-slate-600">Type</legend>
          {(["confidential", "public"] as const).map((t) => (
            <label key={t} className="mr-4">
              <Radio name="type" checked={type === t} onChange={() => setType(t)} className="mr-1" />
              {t === "confidential" ? "Confidential (server app, gets a secret)" : "Public (browser, native or agent app, PKCE only)"}
            </label>
          ))}
        </fieldset>
        <fieldset className="text-sm">
          <legend className="text-slate-600">Scopes it may ask for</legend>
          {SCOPES.map((s) => (
            <label key={s} className="mr-4 font-mono text-xs">
              <Checkbox
                checked={scopes.includes(s)}
                onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                className="mr-1"
              />
              {s}
            </label>
          ))}
        </fieldset>
        {create.error && <Alert className="text-sm">{create.error.message}</Alert>}
        <Button type="submit" disabled={create.isPending} variant="primary" size="lg" className="justify-self-start">
          Register application
        </Button>
      </ClientForm>
      {created && (
        <Alert tone="success" boxed as="div" className="p-3 text-sm">
          client_id <code data-testid="new-client-id">{created.id}</code>
          {created.secret && (
            <>
              <br />
              client_secret (copy it now, it will not be shown again):{" "}
              <code data-testid="new-client-secret" className="break-all">
                {created.secret}
              </code>
            </>
          )}
        </Alert>
      )}
      <table className="w-full text-left text-sm" data-testid="oauth-clients">
        <thead className="text-slate-500">
          <tr>
            <th className="py-2">Application</th>
            <th>client_id</th>
            <th>Type</th>
            <th>Redirect URIs</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {clients.data?.map((c) => (
            <tr key={c.client_id} className="border-t border-slate-100 align-top">
              <td className="py-2">{c.name}</td>
              <td className="font-mono text-xs">{c.client_id}</td>
              <td>{c.type}</td>
              <td className="font-mono text-xs">{c.redirect_uris.join(" ")}</td>
              <td>{c.revoked_at ? "revoked" : "active"}</td>
              <td className="text-right">
                {!c.revoked_at && (
                  <Button onClick={() => revoke.mutate({ client_id: c.client_id })} variant="link-danger">
                    Revoke
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
