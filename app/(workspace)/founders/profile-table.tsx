"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "~/app/_trpc/client";
import { PagedTable } from "~/app/_ui/paged-table";
import { useUrlParams } from "~/app/_ui/use-url-params";
import { PROFILE_COLUMNS, PROFILE_COLUMNS_HIDDEN } from "./profile-columns";
import { ProfileFilters } from "./profile-filters";
import { PROFILE_DEFAULT_LIMIT, profileListInput } from "./profile-types";
import { Button } from "~/app/_ui/button";

/**
 * Founder profiles with the list's filters, sort and paging in the URL: every profile (/founders),
 * or one collection's (`collection` given: /founders/collections/<slug>).
 */
export function ProfileTable({ collection, label }: { collection?: string; label: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const { params, set, clear } = useUrlParams();
  const collections = useQuery({ ...trpc.rawData.collections.queryOptions({ limit: "200" }), enabled: !collection });
  const input = profileListInput(params, collection ? { collection } : {});
  if (collection) delete input.status;
  const profiles = useQuery({ ...trpc.rawData.profiles.queryOptions(input), placeholderData: keepPreviousData });
  const hasFilters = Object.keys(params).some((k) => !["limit", "offset", "sort"].includes(k));
  return (
    <>
      <ProfileFilters
        params={params}
        set={set}
        collections={collection ? undefined : (collections.data?.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
      />
      <PagedTable
        label={label}
        testId="profile-table"
        storageKey="vm:founders:columns"
        columns={PROFILE_COLUMNS}
        defaultHidden={PROFILE_COLUMNS_HIDDEN}
        getRowId={(p) => String(p.id)}
        page={profiles.data}
        busy={profiles.isFetching}
        error={profiles.error?.message}
        onRetry={() => void profiles.refetch()}
        params={params}
        set={set}
        defaultLimit={PROFILE_DEFAULT_LIMIT}
        onOpen={(p) => router.push(`/founders/${p.id}`)}
        empty={
          <span>
            No profile matches these filters.{" "}
            {hasFilters && (
              <Button variant="link-accent" onClick={() => clear(["limit", "sort"])}>
                Clear the filters
              </Button>
            )}
          </span>
        }
      />
    </>
  );
}
