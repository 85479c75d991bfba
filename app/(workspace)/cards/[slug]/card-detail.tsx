"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTRPC } from "~/app/_trpc/client";
import { BarChart } from "~/app/_ui/bar-chart";
import { ExternalLink } from "~/app/_ui/external-link";
import { displayableImage } from "~/app/_ui/remote-image";
import { LAST_LIST_KEY } from "../list-params";
import { FolderPicker } from "~/app/(workspace)/folder-picker";
import { IntroRequest, LikeButton, NoteEditor } from "./card-actions";
import { CardInteractions } from "./card-interactions";
import { CardTeam } from "./card-team";
import { CardTrail, useCardTrail } from "./card-trail";
import { CardLinkList } from "~/app/(workspace)/_records/card-link-list";
import { useEscapeKey } from "~/app/_ui/use-escape-key";
import { useStoredString } from "~/app/_ui/use-browser-store";
import { Alert } from "~/app/_ui/alert";
import { Badge } from "~/app/_ui/badge";
import { Panel } from "~/app/_ui/panel";

type TPerson = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" && v ? v : null);

/**
 * Where the back link and Esc go: the list the card was opened from (a folder's list too), else
 * the last /cards view (filters intact), else /cards.
 */
function useListHref(slug: string) {
  const [last] = useStoredString("sessionStorage", LAST_LIST_KEY);
  const trail = useCardTrail(slug);
  return trail?.list ?? (last?.startsWith("/cards") ? last : "/cards");
}

/** One card: everything GET /v1/cards/<slug>/ knows, with the signed-in analyst's own actions. */
export function CardDetail({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const listHref = useListHref(slug);
  const detail = useQuery(trpc.cards.detail.queryOptions({ slug, include_user_data: true }));
  const months = useQuery(trpc.workspace.signalsPerMonth.queryOptions({ slug }));
  const similar = useQuery(trpc.workspace.similarCards.queryOptions({ slug }));

  useEscapeKey(() => router.push(listHref));

  if (detail.error) {
    return (
      <Alert as="div">
        <p>{detail.error.data?.code === "NOT_FOUND" ? "There is no card at this address." : detail.error.message}</p>
        <Link href={listHref} className="text-sky-700 underline">
          Back to the cards
        </Link>
      </Alert>
    );
  }
  const card = detail.data?.data;
  if (!card) return <p className="text-slate-600">Loading…</p>;
  const ud = card.user_data ?? { is_liked: false, has_note: false, folders: [] };
  const profile = card.network_a_profile;
  const people = card.people as TPerson[];

  return (
    <article>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link href={listHref} className="text-sm text-slate-600 hover:underline">
          {listHref.startsWith("/folders") ? "← Folder" : "← Cards"}
        </Link>
        <CardTrail slug={slug} />
      </div>
      <div className="mt-2 flex flex-wrap items-start gap-3">
        {displayableImage(card.image) && (
          // eslint-disable-next-line @next/next/no-img-element -- logos from imported data on any https host, shown as they are: next/image would fetch them through this server
          <img src={displayableImage(card.image)!} alt="" width={48} height={48} className="h-12 w-12 rounded object-cover" />
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold">{card.name}</h1>
          <p className="mt-1 flex flex-wrap gap-1 text-xs">
            {card.trending && <span className="rounded bg-amber-100 px-1.5 text-amber-900">trending</span>}
            {card.open_to_intro && <Badge tone="success">open to intro</Badge>}
            {card.categories.map((c) => (
              <Link
                key={c.slug}
                href={`/cards?categories=${c.slug}`}
                className="rounded bg-slate-100 px-1.5 text-slate-800 hover:underline"
              >
                {c.name}
              </Link>
            ))}
          </p>
        </div>
        <LikeButton cardId={card.id} liked={ud.is_liked} />
      </div>
      <p className="mt-3 max-w-3xl text-slate-700">{card.description}</p>
      <dl className="mt-4 grid max-w-3xl grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className="text-slate-600">Stage</dt>
          <dd>{card.stage.name}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Round</dt>
          <dd>{card.round.name}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Last round</dt>
          <dd>{card.last_round ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Signals</dt>
          <dd>{card.interactions_count}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Location</dt>
          <dd>{card.location?.formatted ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Last signal</dt>
          <dd>{card.last_interaction_at?.slice(0, 10) ?? "—"}</dd>
        </div>
      </dl>
      <p className="mt-3 flex flex-wrap gap-3 text-sm">
        {card.url && <ExternalLink url={card.url}>{card.url}</ExternalLink>}
        {card.social_links.map((l) => (
          <ExternalLink key={l.key} url={l.url}>
            {l.name}
          </ExternalLink>
        ))}
      </p>

      {/* The reader's actions come first (before the history on a phone); on a wide screen they sit on the right. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <aside className="space-y-6 lg:col-start-2 lg:row-start-1" aria-label="Your actions">
          <NoteEditor key={card.id} cardId={card.id} note={ud.note?.text ?? ""} />
          <FolderPicker cardIds={[card.id]} holding={ud.folders.map((f) => f.id)} />
          <IntroRequest cardId={card.id} open={card.open_to_intro} requested={card.has_intro_request} />
          <CardTeam cardId={card.id} />
          <section aria-labelledby="similar-h">
            <h2 id="similar-h" className="text-lg font-medium">
              Similar cards
            </h2>
            {similar.data && (
              <p className="text-xs text-slate-600">{similar.data.method === "semantic" ? "Nearest by meaning" : "Sharing a category"}</p>
            )}
            <CardLinkList
              cards={similar.data?.data}
              testId="similar-cards"
              status={similar.error ? "Could not find similar cards." : similar.data?.data.length === 0 ? "None found." : undefined}
            />
          </section>
        </aside>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="chart-h">
            <h2 id="chart-h" className="text-lg font-medium">
              Signals per month
            </h2>
            {months.data && months.data.data.length > 0 ? (
              <BarChart
                testId="signals-chart"
                valueName="Signals per month"
                data={months.data.data.map((m) => ({ label: m.month, value: m.count }))}
              />
            ) : (
              <p className="text-sm text-slate-600">{months.isPending ? "Loading…" : "No signal yet."}</p>
            )}
          </section>
          <CardInteractions slug={slug} />
          {people.length > 0 && (
            <section aria-labelledby="people-h">
              <h2 id="people-h" className="text-lg font-medium">
                People
              </h2>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {people.map((p, i) => (
                  <li key={String(p.id ?? i)} className="rounded border border-slate-200 bg-white p-3 text-sm">
                    <p className="font-medium">{str(p.name) ?? "Unnamed"}</p>
                    {str(p.type) && <p className="text-xs text-slate-600">{str(p.type)}</p>}
                    {str(p.bio) && <p className="mt-1 line-clamp-3 text-slate-700">{str(p.bio)}</p>}
                    <p className="mt-1 flex flex-wrap gap-2 text-xs">
                      {(["network_a_url", "microblog_url", "code_host_url", "business_db_url", "reference_url"] as const).map((k) =>
                        str(p[k]) ? (
                          <ExternalLink key={k} url={p[k]}>
                            {k.replace(/_url$/, "").replace(/_/g, " ")}
                          </ExternalLink>
                        ) : null,
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {profile && (
            <section aria-labelledby="profile-h">
              <h2 id="profile-h" className="text-lg font-medium">
                Network profile
              </h2>
              <Panel className="mt-2 p-3 text-sm">
                <p className="font-medium">
                  <ExternalLink url={profile.network_a.url}>{profile.name}</ExternalLink>
                </p>
                {profile.headline && <p className="text-slate-700">{profile.headline}</p>}
                {profile.location && <p className="text-xs text-slate-600">{profile.location}</p>}
                {profile.summary && <p className="mt-2 text-slate-700">{profile.summary}</p>}
                {profile.experience.length > 0 && (
                  <ul className="mt-2 list-disc pl-5">
                    {profile.experience.slice(0, 6).map((x, i) => (
                      <li key={i}>
                        {[x.title, x.company].filter(Boolean).join(" at ")}
                        {x.startDate ? ` (${x.startDate}–${x.endDate ?? "now"})` : ""}
                      </li>
                    ))}
                  </ul>
                )}
                {profile.tags.length > 0 && <p className="mt-2 text-xs text-slate-600">{profile.tags.join(" · ")}</p>}
              </Panel>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}
