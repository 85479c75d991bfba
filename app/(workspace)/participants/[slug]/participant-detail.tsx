"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTRPC } from "~/app/_trpc/client";
import { ExternalLink } from "~/app/_ui/external-link";
import { displayableImage } from "~/app/_ui/remote-image";
import { ParticipantCards } from "./participant-cards";
import { ParticipantInteractions } from "./participant-interactions";
import { SaveButton } from "./save-button";
import { useEscapeKey } from "~/app/_ui/use-escape-key";
import { Badge } from "~/app/_ui/badge";
import { plural } from "~/server/lib/plural";

/** /participants/<slug>: the participant (GET /v1/participants/<slug>/), its interactions and cards, and Save. */
export function ParticipantDetail({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const detail = useQuery({ ...trpc.participants.detail.queryOptions({ slug, include_user_data: true }), retry: false });

  useEscapeKey(() => router.back());

  if (detail.error) {
    return (
      <div role="alert">
        <h1 className="text-2xl font-semibold">Participant not found</h1>
        <p className="mt-2 text-slate-700">
          {detail.error.data?.code === "NOT_FOUND" ? "There is no participant at this address." : detail.error.message}{" "}
          <Link href="/participants" className="text-sky-800 underline">
            Back to the participants
          </Link>
        </p>
      </div>
    );
  }
  const p = detail.data?.data;
  if (!p) return <p className="text-slate-600">Loading…</p>;
  const image = displayableImage(p.image);
  return (
    <article>
      <Link href="/participants" className="text-sm text-slate-600 hover:underline">
        ← Participants
      </Link>
      <div className="mt-2 flex flex-wrap items-start gap-3">
        {image && (
          // eslint-disable-next-line @next/next/no-img-element -- logos from imported data on any https host, shown as they are: next/image would fetch them through this server
          <img src={image} alt="" width={48} height={48} className="h-12 w-12 rounded object-cover" />
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold">{p.name}</h1>
          {p.alt_name && <p className="text-sm text-slate-600">also {p.alt_name}</p>}
          <p className="mt-1 flex flex-wrap gap-1 text-xs">
            <Link
              href={`/participants?type=${encodeURIComponent(p.type)}`}
              className="rounded bg-slate-100 px-1.5 text-slate-800 hover:underline"
            >
              {p.type.replaceAll("_", " ")}
            </Link>
            {p.web2 && <span className="rounded bg-slate-100 px-1.5 text-slate-800">web2</span>}
            {p.web3 && <span className="rounded bg-slate-100 px-1.5 text-slate-800">web3</span>}
            <Badge tone="info">{plural(p.monthly_signals, "signal")} in 30 days</Badge>
          </p>
        </div>
        <SaveButton slug={p.slug} saved={p.is_saved ?? false} />
      </div>
      {p.about && <p className="mt-3 max-w-3xl whitespace-pre-line text-slate-700">{p.about}</p>}
      <dl className="mt-3 grid max-w-xl grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {p.associated_with && !p.self_associated && (
          <>
            <dt className="text-slate-600">Part of</dt>
            <dd>
              <Link href={`/participants/${encodeURIComponent(p.associated_with.slug)}`} className="text-sky-800 underline">
                {p.associated_with.name}
              </Link>
            </dd>
          </>
        )}
        {p.email && (
          <>
            <dt className="text-slate-600">E-mail</dt>
            <dd>
              <a href={`mailto:${p.email}`} className="text-sky-800 underline">
                {p.email}
              </a>
            </dd>
          </>
        )}
        {p.sources.length > 0 && (
          <>
            <dt className="text-slate-600">Sources</dt>
            <dd>
              <ul className="flex flex-wrap gap-x-3">
                {p.sources.map((s) => (
                  <li key={`${s.type}:${s.slug}`}>
                    <ExternalLink url={s.link}>
                      {s.type.replaceAll("_", " ")}: {s.slug}
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <ParticipantInteractions slug={p.slug} />
        <ParticipantCards slug={p.slug} />
      </div>
    </article>
  );
}
