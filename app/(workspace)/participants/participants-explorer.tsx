"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTRPC } from "~/app/_trpc/client";
import { PagedTable } from "~/app/_ui/paged-table";
import { useUrlParams } from "~/app/_ui/use-url-params";
import { PARTICIPANT_COLUMNS, PARTICIPANT_COLUMNS_HIDDEN } from "./participant-columns";
import { PARTICIPANT_DEFAULT_LIMIT, PARTICIPANT_SORT_PRESETS, participantListInput } from "./participant-types";
import { ParticipantsFilters } from "./participants-filters";
import { Button } from "~/app/_ui/button";
import { PlacesProvider, useParticipantPlaces } from "../_records/participant-places";

/** /participants: the list with the filters of GET /v1/participants/ in the URL; `saved_only=true` is the Saved view. */
export function ParticipantsExplorer() {
  const trpc = useTRPC();
  const router = useRouter();
  const { params, set, clear, href } = useUrlParams();
  const input = participantListInput(params);
  const saved = params.saved_only === "true";
  const all = useQuery({
    ...trpc.participants.list.queryOptions({ ...input, include_user_data: true }),
    placeholderData: keepPreviousData,
    enabled: !saved,
  });
  const mine = useQuery({
    ...trpc.participants.savedParticipants.list.queryOptions(input),
    placeholderData: keepPreviousData,
    enabled: saved,
  });
  const list = saved ? mine : all;
  const places = useParticipantPlaces((list.data?.data ?? []).map((p) => p.slug));
  const hasFilters = Object.keys(params).some((k) => !["limit", "offset", "sort"].includes(k));

  return (
    <div>
      <nav aria-label="Views" className="mt-3 flex gap-1 text-sm">
        <Link
          href={href({ saved_only: undefined })}
          aria-current={saved ? undefined : "page"}
          className={`rounded px-3 py-1 ${saved ? "text-slate-700 hover:bg-slate-100" : "bg-slate-900 text-white"}`}
        >
          All
        </Link>
        <Link
          href={href({ saved_only: "true" })}
          aria-current={saved ? "page" : undefined}
          className={`rounded px-3 py-1 ${saved ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          Saved
        </Link>
      </nav>
      <ParticipantsFilters params={params} set={set} />
      <PlacesProvider places={places}>
        <PagedTable
          label={saved ? "Saved participants" : "Participants"}
          testId="participant-list"
          storageKey="vm:participants:columns"
          columns={PARTICIPANT_COLUMNS}
          defaultHidden={PARTICIPANT_COLUMNS_HIDDEN}
          getRowId={(p) => p.slug}
          page={list.data}
          busy={list.isFetching}
          error={list.error?.message}
          onRetry={() => void list.refetch()}
          params={params}
          set={set}
          defaultLimit={PARTICIPANT_DEFAULT_LIMIT}
          sortPresets={PARTICIPANT_SORT_PRESETS}
          onOpen={(p) => router.push(`/participants/${encodeURIComponent(p.slug)}`)}
          empty={
            <span>
              {saved && !Object.keys(params).some((k) => !["limit", "offset", "sort", "saved_only"].includes(k))
                ? "You have not saved a participant yet: open one and press Save to follow it here."
                : "No participant matches these filters."}{" "}
              {hasFilters && (
                <Button variant="link-accent" onClick={() => clear(["limit", "sort"])}>
                  Clear the filters
                </Button>
              )}
            </span>
          }
        />
      </PlacesProvider>
    </div>
  );
}
