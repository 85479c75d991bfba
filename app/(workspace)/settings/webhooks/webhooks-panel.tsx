"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { DeliveryLog } from "./delivery-log";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Checkbox, Input } from "~/app/_ui/input";
import { Field } from "~/app/_ui/field";
import { useToast } from "~/app/_ui/toast";
import { ClientForm } from "~/app/_ui/client-form";
import { fieldMessage } from "~/app/_ui/api-message";

const EVENTS = [
  ["radar.update.created", "Radar update detected"],
  ["radar.connection.created", "Profile connected on the radar"],
  ["radar.application.failed", "Radar application failed"],
  ["saved_filter.cards_matched", "New cards match a saved filter"],
] as const;
type TEventName = (typeof EVENTS)[number][0];

type TFormField = "url" | "description" | "events";
const FIELD_NAME: Record<TFormField, string> = { url: "the URL", description: "the description", events: "the event list" };

/**
 * A refused create as plain words beside its field (app/_ui/api-message.ts): the API's
 * `url: must use http or https` becomes "The URL must use http or https."; a refusal of no field
 * stays above the button.
 */
function fieldErrors(message: string | undefined): Partial<Record<TFormField | "form", string>> {
  if (!message) return {};
  const m = fieldMessage(message, FIELD_NAME);
  return { [m.field ?? "form"]: m.text };
}

/** Endpoints (create, enable/disable, rotate, test, delete); the selected one's delivery log (?endpoint=ID). */
export function WebhooksPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const selected = search.get("endpoint");
  const toast = useToast();
  const list = useQuery(trpc.webhooks.list.queryOptions({}));
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  // Nothing is chosen for the analyst: the events an endpoint receives are ticked on purpose.
  const [events, setEvents] = useState<TEventName[]>([]);
  const [noEvents, setNoEvents] = useState(false);
  const [secret, setSecret] = useState<{ id: number; secret: string; created: boolean } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const refreshLog = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
  const select = (id: number | null) => {
    const q = new URLSearchParams(search.toString());
    if (id === null) q.delete("endpoint");
    else q.set("endpoint", String(id));
    router.replace(q.size ? `${pathname}?${q}` : pathname, { scroll: false });
  };

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: (r) => {
        setSecret({ id: r.data.id, secret: r.data.secret, created: true });
        setUrl("");
        setDescription("");
        setEvents([]);
        toast("Endpoint added.");
        void refresh();
      },
    }),
  );
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: (_r, input) => {
        if (input.enabled !== undefined) toast(input.enabled ? "Endpoint enabled." : "Endpoint disabled.");
        else toast("Events saved.");
        void refresh();
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: (r) => {
        if (selected === String(r.data.id)) select(null);
        if (secret?.id === r.data.id) setSecret(null);
        toast("Endpoint deleted.");
        void refresh();
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (r) => {
        setSecret({ id: r.data.id, secret: r.data.secret, created: false });
        toast("Signing secret rotated: copy the new one.");
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: (_r, input) => {
        select(Number(input.id));
        toast("Test event sent: see its delivery below.");
        void refreshLog();
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const errors = { ...fieldErrors(create.error?.message), ...(noEvents ? { events: "Choose at least one event to receive." } : {}) };

  return (
    <div className="mt-6 space-y-8">
      <ClientForm
        aria-label="Add an endpoint"
        className="space-y-3 rounded border border-slate-200 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (events.length === 0) {
            setNoEvents(true);
            return;
          }
          create.mutate({ url, events, description: description || undefined });
        }}
      >
        <h2 className="font-medium">Add an endpoint</h2>
        <Field className="block text-sm" label={<>URL</>} error={errors.url}>
          {(control) => (
            <Input
              {...control}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
              type="url"
              placeholder="https://hooks.example.com/venture-monitor"
              size="md"
              className="mt-1 block w-full max-w-xl"
            />
          )}
        </Field>
        <Field className="block text-sm" label={<>Description</>} error={errors.description}>
          {(control) => (
            <Input
              {...control}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="Optional"
              size="md"
              className="mt-1 block w-full max-w-xl"
            />
          )}
        </Field>
        <fieldset className="text-sm" aria-describedby={errors.events ? "webhook-events-error" : undefined}>
          <legend>Events</legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            {EVENTS.map(([name, label]) => (
              <label key={name} className="flex items-center gap-2">
                <Checkbox
                  checked={events.includes(name)}
                  onChange={(e) => {
                    setNoEvents(false);
                    setEvents((prev) => (e.target.checked ? [...prev, name] : prev.filter((x) => x !== name)));
                  }}
                />
                {label} <code className="text-xs text-slate-500">{name}</code>
              </label>
            ))}
          </div>
          {errors.events && (
            <p id="webhook-events-error" role="alert" className="mt-1 text-xs text-rose-700">
              {errors.events}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={create.isPending} variant="primary" size="lg">
          Add endpoint
        </Button>
        {errors.form && <Alert className="text-sm">{errors.form}</Alert>}
      </ClientForm>

      {secret && (
        <Alert tone="success" boxed as="div" className="space-y-2 p-3 text-sm" testId="webhook-secret-box">
          <p>
            {secret.created ? `Endpoint ${secret.id} added. Its signing secret` : `New signing secret of endpoint ${secret.id}`} (copy it
            now, it will not be shown again):{" "}
            <code data-testid="webhook-secret" className="break-all">
              {secret.secret}
            </code>
          </p>
          {secret.created && (
            <p>
              <Button disabled={test.isPending} onClick={() => test.mutate({ id: String(secret.id) })}>
                Send test event
              </Button>{" "}
              <span className="text-slate-600">to check that the endpoint receives and verifies it.</span>
            </p>
          )}
        </Alert>
      )}

      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" className="font-medium">
          Endpoints
        </h2>
        {list.isLoading && <p className="text-sm text-slate-500">Loading…</p>}
        {list.error && <Alert className="text-sm">Could not load your endpoints: {list.error.message}</Alert>}
        {list.data?.data.length === 0 && <p className="mt-2 text-sm text-slate-600">No endpoint yet.</p>}
        <ul className="mt-2 space-y-3">
          {list.data?.data.map((ep) => (
            <li
              key={ep.id}
              data-testid="webhook-endpoint"
              className={`rounded border p-3 text-sm ${selected === String(ep.id) ? "border-slate-900" : "border-slate-200"}`}
            >
              <div className="flex flex-wrap items-baseline gap-x-3">
                <span className="break-all font-mono">{ep.url}</span>
                <span className={ep.enabled ? "text-emerald-700" : "text-rose-700"}>{ep.enabled ? "Enabled" : "Disabled"}</span>
                {ep.description && <span className="text-slate-600">{ep.description}</span>}
              </div>
              {!ep.enabled && ep.disabled_reason && <p className="mt-1 text-rose-700">{ep.disabled_reason}</p>}
              <p className="mt-1 text-xs text-slate-500" data-testid="webhook-events">
                {ep.events.join(", ")}
              </p>
              <fieldset className="mt-1 flex flex-wrap gap-x-4 text-xs">
                <legend className="sr-only">Events of {ep.url}</legend>
                {EVENTS.map(([name]) => (
                  <label key={name} className="flex items-center gap-1">
                    <Checkbox
                      aria-label={`${name} for ${ep.url}`}
                      checked={ep.events.includes(name)}
                      disabled={update.isPending || (ep.events.length === 1 && ep.events.includes(name))}
                      onChange={(e) =>
                        update.mutate({
                          id: String(ep.id),
                          events: e.target.checked
                            ? [...ep.events.filter((x) => x !== "ping"), name]
                            : ep.events.filter((x) => x !== name && x !== "ping"),
                        })
                      }
                    />
                    {name}
                  </label>
                ))}
              </fieldset>
              <div className="mt-2 flex flex-wrap gap-4">
                <Button variant="link" onClick={() => select(ep.id)}>
                  Deliveries
                </Button>
                <Button variant="link" disabled={test.isPending} onClick={() => test.mutate({ id: String(ep.id) })}>
                  Send test event
                </Button>
                <Button variant="link" onClick={() => update.mutate({ id: String(ep.id), enabled: !ep.enabled })}>
                  {ep.enabled ? "Disable" : "Enable"}
                </Button>
                <Button variant="link" onClick={() => rotate.mutate({ id: String(ep.id) })}>
                  Rotate secret
                </Button>
                <Button
                  variant="link-danger"
                  aria-label={`Delete ${ep.url}`}
                  onClick={() => {
                    if (window.confirm(`Delete the endpoint ${ep.url} and its delivery log?`)) remove.mutate({ id: String(ep.id) });
                  }}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {selected && list.data?.data.some((e) => String(e.id) === selected) && <DeliveryLog endpointId={selected} />}
    </div>
  );
}
