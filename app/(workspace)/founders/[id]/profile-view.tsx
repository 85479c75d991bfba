"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { ExternalLink } from "~/app/_ui/external-link";
import { httpUrl } from "~/app/_ui/external-url";
import { RawAccessGate } from "../access";
import { words, type TProfileItem } from "../profile-types";
import { useEscapeKey } from "~/app/_ui/use-escape-key";
import { FollowOnRadar } from "./follow-on-radar";

type TEntry = Record<string, unknown>;
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : typeof v === "number" ? String(v) : null);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

/** An experience or education entry: its known keys in a readable line, the rest below. */
function Entry({ e, kind }: { e: TEntry; kind: "experience" | "education" }) {
  const head =
    kind === "experience"
      ? [text(e.title), text(e.company)].filter(Boolean).join(" at ")
      : [text(e.school), text(e.degree), text(e.field)].filter(Boolean).join(", ");
  const dates = [text(e.startDate) ?? text(e.start_date), text(e.endDate) ?? text(e.end_date)];
  const shown = new Set(["title", "company", "school", "degree", "field", "startDate", "endDate", "start_date", "end_date", "description"]);
  const rest = Object.entries(e).filter(([k, v]) => !shown.has(k) && text(v));
  return (
    <li className="py-2">
      <p className="font-medium">{head || "—"}</p>
      {(dates[0] || dates[1]) && (
        <p className="text-xs text-slate-600">
          {dates[0] ?? "?"} – {dates[1] ?? "now"}
        </p>
      )}
      {rest.map(([k, v]) => (
        <p key={k} className="text-xs text-slate-600">
          {words(k)}: {text(v)}
        </p>
      ))}
      {text(e.description) && <p className="mt-1 text-slate-700">{text(e.description)}</p>}
    </li>
  );
}

function Profile({ id }: { id: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const detail = useQuery({ ...trpc.rawData.profile.queryOptions({ id }), retry: false });
  const cards = useQuery({ ...trpc.workspace.profileCards.queryOptions({ id }), enabled: detail.isSuccess });

  useEscapeKey(() => router.back());

  if (detail.error) {
    return (
      <div role="alert">
        <h1 className="text-2xl font-semibold">Profile not found</h1>
        <p className="mt-2 text-slate-700">
          {detail.error.data?.code === "NOT_FOUND"
            ? "There is no profile at this address that this account can read."
            : detail.error.message}{" "}
          <Link href="/founders" className="text-sky-800 underline">
            Back to the founders
          </Link>
        </p>
      </div>
    );
  }
  const p: TProfileItem | undefined = detail.data?.data;
  if (!p) return <p className="text-slate-600">Loading…</p>;
  const url = httpUrl(p.network_a.url);
  const company = p.new_company;
  return (
    <article>
      <Link href="/founders" className="text-sm text-slate-600 hover:underline">
        ← Founders
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{p.name}</h1>
      {p.headline && <p className="mt-1 text-slate-700">{p.headline}</p>}
      <div className="mt-4 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          {p.summary && (
            <section aria-labelledby="summary-h">
              <h2 id="summary-h" className="text-lg font-medium">
                Summary
              </h2>
              <p className="mt-1 whitespace-pre-line text-slate-700">{p.summary}</p>
            </section>
          )}
          <section aria-labelledby="experience-h">
            <h2 id="experience-h" className="text-lg font-medium">
              Experience
            </h2>
            {p.experience.length ? (
              <ul className="mt-1 divide-y divide-slate-200 text-sm" data-testid="experience">
                {p.experience.map((e, i) => (
                  <Entry key={i} e={e} kind="experience" />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">Unknown.</p>
            )}
          </section>
          <section aria-labelledby="education-h">
            <h2 id="education-h" className="text-lg font-medium">
              Education
            </h2>
            {p.education.length ? (
              <ul className="mt-1 divide-y divide-slate-200 text-sm" data-testid="education">
                {p.education.map((e, i) => (
                  <Entry key={i} e={e} kind="education" />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">Unknown.</p>
            )}
          </section>
          {p.notable_achievements && (
            <section aria-labelledby="achievements-h">
              <h2 id="achievements-h" className="text-lg font-medium">
                Notable achievements
              </h2>
              <p className="mt-1 whitespace-pre-line text-slate-700">{p.notable_achievements}</p>
            </section>
          )}
        </div>
        <aside className="space-y-6" aria-label="Profile facts">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <Field label="Location">{p.location ?? "—"}</Field>
            <Field label="Classification">{words(p.classification)}</Field>
            <Field label="Path">{words(p.path)}</Field>
            {p.status !== undefined && <Field label="Status">{words(p.status)}</Field>}
            {p.out_of_stealth_date !== undefined && <Field label="Out of stealth">{p.out_of_stealth_date?.slice(0, 10) ?? "—"}</Field>}
            <Field label="Added">{p.created_at.slice(0, 10)}</Field>
            <Field label="Updated">{p.updated_at.slice(0, 10)}</Field>
            <Field label="Network A">
              {url ? (
                <ExternalLink url={url} className="break-all">
                  Profile
                </ExternalLink>
              ) : (
                "—"
              )}
              {p.network_a.urn && <span className="block text-xs text-slate-600">member id {p.network_a.urn}</span>}
            </Field>
          </dl>
          {p.tags.length > 0 && (
            <section aria-labelledby="tags-h">
              <h2 id="tags-h" className="text-lg font-medium">
                Tags
              </h2>
              <ul className="mt-1 flex flex-wrap gap-1 text-xs">
                {p.tags.map((t) => (
                  <li key={t}>
                    <Link
                      href={`/founders?tags=${encodeURIComponent(t)}`}
                      className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800 hover:underline"
                    >
                      {t}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {company && (
            <section aria-labelledby="company-h">
              <h2 id="company-h" className="text-lg font-medium">
                New company
              </h2>
              <div className="mt-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p className="font-medium">{company.name ?? "Unnamed"}</p>
                {company.description && <p className="text-slate-700">{company.description}</p>}
                {httpUrl(company.website) && (
                  <ExternalLink url={company.website} className="block break-all">
                    Website
                  </ExternalLink>
                )}
                {httpUrl(company.network_a_url) && (
                  <ExternalLink url={company.network_a_url} className="block break-all">
                    Company on network A
                  </ExternalLink>
                )}
              </div>
            </section>
          )}
          <FollowOnRadar name={p.name} url={url} urn={p.network_a.urn} />
          <section aria-labelledby="cards-h">
            <h2 id="cards-h" className="text-lg font-medium">
              Linked cards
            </h2>
            <p className="text-xs text-slate-600">Cards whose network profile is this one.</p>
            <ul className="mt-1 space-y-0.5 text-sm" data-testid="linked-cards">
              {cards.data?.data.map((c) => (
                <li key={c.slug}>
                  <Link href={`/cards/${c.slug}`} className="text-sky-800 underline">
                    {c.name}
                  </Link>
                </li>
              ))}
              {cards.data?.data.length === 0 && <li className="text-slate-600">No card is linked to this profile.</li>}
              {cards.error && <li className="text-slate-600">Could not read the linked cards.</li>}
            </ul>
            {company?.name && (
              <p className="mt-1 text-sm">
                <Link href={`/cards?search=${encodeURIComponent(company.name)}`} className="text-sky-800 underline">
                  Find “{company.name}” among the cards
                </Link>
              </p>
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}

/** /founders/<id>: everything GET /v1/network_a/profiles/<id>/ returns, Follow on radar, and the cards linked to the profile. */
export function ProfileView({ id }: { id: string }) {
  return <RawAccessGate>{() => <Profile id={id} />}</RawAccessGate>;
}
