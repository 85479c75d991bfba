"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Field } from "~/app/_ui/field";
import { Select } from "~/app/_ui/input";
import { Panel } from "~/app/_ui/panel";
import { useToast } from "~/app/_ui/toast";
import { ClientForm } from "~/app/_ui/client-form";
import { timeZoneChoices } from "~/server/domain/notifications/time-zones";

const KIND_LABEL: Record<string, string> = {
  saved_filter: "New cards of saved filters you follow",
  radar_update: "Radar updates of tracked connections",
  mention: "Mentions in team comments",
  invitation: "Invitations",
};

const MODE_LABEL = { off: "Off", instant: "At once", daily: "Daily digest", weekly: "Weekly digest" } as const;
type TMode = keyof typeof MODE_LABEL;

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The time zones this browser knows, under their current IANA names (with UTC, which some leave out). */
function timeZones(current: string): string[] {
  return timeZoneChoices(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [], current);
}

type TDraft = { kinds: Record<string, TMode>; digest_hour: number; time_zone: string };

/**
 * /settings/notifications: per kind, e-mail off, at once, or a daily or weekly digest; the digest
 * hour and time zone. Without SMTP_URL on the server the choices are kept but marked inactive.
 */
export function NotificationSettings() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const prefs = useQuery(trpc.notifications.preferences.queryOptions());
  const [draft, setDraft] = useState<TDraft | null>(null);
  const save = useMutation(
    trpc.notifications.setPreferences.mutationOptions({
      onSuccess: (p) => {
        qc.setQueryData(trpc.notifications.preferences.queryKey(), p);
        setDraft(null);
        toast("Saved your notification settings.");
      },
      onError: (e) => toast(`Could not save: ${e.message}`, "error"),
    }),
  );

  if (prefs.isLoading) return <p className="text-sm text-slate-600">Loading…</p>;
  if (prefs.error || !prefs.data) {
    return (
      <Alert className="text-sm">
        Could not load your settings: {prefs.error?.message}{" "}
        <Button variant="link-inherit" onClick={() => void prefs.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const p = prefs.data;
  const d: TDraft = draft ?? {
    kinds: Object.fromEntries(p.kinds.map((k) => [k.kind, k.email])),
    digest_hour: p.digest_hour,
    time_zone: p.time_zone,
  };
  const change = (patch: Partial<TDraft>) => setDraft({ ...d, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      kinds: p.kinds.map((k) => ({ kind: k.kind, email: d.kinds[k.kind] ?? k.email })),
      digest_hour: d.digest_hour,
      time_zone: d.time_zone,
    });
  };
  const inactive = p.email_configured ? undefined : "Stored, inactive until e-mail is configured.";

  return (
    <ClientForm onSubmit={submit} className="max-w-2xl space-y-4">
      {!p.email_configured && (
        <Alert tone="warning" boxed testId="mail-not-configured">
          E-mail is not configured on this server (SMTP_URL is not set): nothing is e-mailed. Your e-mail choices are stored and take effect
          once it is.
        </Alert>
      )}
      <Panel className="space-y-3 p-4">
        <h2 className="text-base font-semibold">By e-mail</h2>
        <p className="text-sm text-slate-600">In the workspace every kind is always on.</p>
        {p.kinds.map((k) => (
          <Field key={k.kind} label={KIND_LABEL[k.kind] ?? k.kind} hint={inactive}>
            {(control) => (
              <Select
                {...control}
                className="mt-1"
                value={d.kinds[k.kind]}
                onChange={(e) => change({ kinds: { ...d.kinds, [k.kind]: e.target.value as TMode } })}
              >
                {Object.entries(MODE_LABEL).map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
      </Panel>
      <Panel className="space-y-3 p-4">
        <h2 className="text-base font-semibold">Digests</h2>
        <Field label="Hour of the day" hint="Digests go out at this hour, in the time zone below.">
          {(control) => (
            <Select {...control} className="mt-1" value={d.digest_hour} onChange={(e) => change({ digest_hour: Number(e.target.value) })}>
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {String(h).padStart(2, "0")}:00
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Time zone">
          {(control) => (
            <Select {...control} className="mt-1" value={d.time_zone} onChange={(e) => change({ time_zone: e.target.value })}>
              {timeZones(d.time_zone).map((tz) => (
                <option key={tz} value={tz}>
                  {tz}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </Panel>
      <Button type="submit" variant="primary" size="lg" disabled={save.isPending}>
        Save
      </Button>
    </ClientForm>
  );
}
