"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Field } from "~/app/_ui/field";
import { Checkbox, Input, Select } from "~/app/_ui/input";
import { useToast } from "~/app/_ui/toast";
import { ClientForm } from "~/app/_ui/client-form";
import { fieldMessage } from "~/app/_ui/api-message";
import { IDENTIFIER_NAMES } from "~/app/(workspace)/radar/radar-types";

/**
 * Follow on radar, filled in from the founder profile: its network (founder profiles are network A
 * profiles) and its identifier (the profile URL, else its member id as a username). Creates the
 * radar application through the radar's own procedure, like the Radar page's follow form, and says
 * what it did in a toast.
 */
export function FollowOnRadar({ name, url, urn }: { name: string; url: string | null; urn: string | null }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const [identifier, setIdentifier] = useState(url ?? urn ?? "");
  const [tracking, setTracking] = useState(true);
  const create = useMutation(trpc.radar.createApplication.mutationOptions());
  const [done, setDone] = useState<string | null>(null);
  const trackingId = useId();

  const submit = () => {
    const value = identifier.trim();
    if (!value) return;
    const item = /^https?:\/\//i.test(value) ? { network_a_url: value } : { username: value };
    create.mutate(
      { source: "network_a", ...item, is_tracking: tracking },
      {
        onSuccess: (r) => {
          const d = r.data;
          const said =
            "already_tracked" in d ? `${name} is already a radar connection.` : `Following ${name} on radar: application ${d.init_status}.`;
          setDone(said);
          toast(said);
          void qc.invalidateQueries({ queryKey: trpc.radar.pathKey() });
        },
      },
    );
  };

  return (
    <section aria-labelledby="follow-h">
      <h2 id="follow-h" className="text-lg font-medium">
        Follow on radar
      </h2>
      <p className="text-xs text-slate-600">Radar reports this person&apos;s profile changes in its updates feed.</p>
      <ClientForm
        className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Network">
          {(c) => (
            <Select {...c} value="network_a" disabled className="w-full">
              <option value="network_a">Network A (professional network)</option>
            </Select>
          )}
        </Field>
        <Field label="Profile URL or username" error={create.error && fieldMessage(create.error.message, IDENTIFIER_NAMES).text}>
          {(c) => (
            <Input {...c} value={identifier} onChange={(e) => setIdentifier(e.target.value)} required maxLength={500} className="w-full" />
          )}
        </Field>
        <p className="flex items-center gap-2">
          <Checkbox id={trackingId} checked={tracking} onChange={(e) => setTracking(e.target.checked)} />
          <label htmlFor={trackingId}>Track changes from the start</label>
        </p>
        <Button type="submit" variant="primary" disabled={create.isPending || !identifier.trim()}>
          {create.isPending ? "Following…" : "Follow on radar"}
        </Button>
        {done && (
          <Alert tone="success" className="text-xs">
            {done}{" "}
            <Link href="/radar" className="underline">
              Open Radar
            </Link>
          </Alert>
        )}
      </ClientForm>
    </section>
  );
}
