"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { useUrlParams } from "~/app/_ui/use-url-params";
import { CardTable } from "~/app/(workspace)/cards/card-table";
import { cardListInput } from "~/app/(workspace)/cards/list-params";
import { Button } from "~/app/_ui/button";
import { plural } from "~/server/lib/plural";

/** /folders/<id>: the folder's cards in the cards table (GET /v1/cards/?folder_ids=<id>); sort and paging in the URL. */
export function FolderCards({ id }: { id: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { params, set } = useUrlParams();
  const valid = Number.isSafeInteger(id) && id > 0;
  const folder = useQuery({ ...trpc.user.folders.get.queryOptions({ id: valid ? id : 1 }), enabled: valid, retry: false });
  const cards = useQuery({
    ...trpc.cards.list.queryOptions(
      cardListInput({ sort: params.sort ?? "", limit: params.limit ?? "", offset: params.offset ?? "" }, { folder_ids: String(id) }),
    ),
    enabled: folder.isSuccess,
    placeholderData: keepPreviousData,
  });
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  const removeCard = useMutation(trpc.user.folders.removeCard.mutationOptions());
  const selected = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);

  if (!valid || folder.error) {
    return (
      <div role="alert">
        <h1 className="text-2xl font-semibold">Folder not found</h1>
        <p className="mt-2 text-slate-700">
          It may have been deleted.{" "}
          <Link href="/folders" className="text-sky-800 underline">
            See your folders
          </Link>
          .
        </p>
      </div>
    );
  }
  const removeSelected = async () => {
    for (const cardId of selected) await removeCard.mutateAsync({ id, cardId });
    setSelection({});
    void qc.invalidateQueries({ queryKey: trpc.cards.pathKey() });
    void qc.invalidateQueries({ queryKey: trpc.user.folders.pathKey() });
  };

  return (
    <section>
      <Link href="/folders" className="text-sm text-slate-600 hover:underline">
        ← Folders
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{folder.data?.name ?? "Folder"}</h1>
      <p className="text-sm text-slate-600">
        {folder.data ? `${plural(folder.data.cards_count, "card")} · ` : ""}
        <Link href={`/cards?folder_ids=${id}`} className="text-sky-800 underline">
          Filter these cards further on the Cards page
        </Link>
      </p>
      <CardTable
        label={`Cards in ${folder.data?.name ?? "the folder"}`}
        page={cards.data}
        busy={cards.isFetching}
        error={cards.error?.message}
        onRetry={() => void cards.refetch()}
        params={params}
        set={set}
        selection={selection}
        onSelectionChange={setSelection}
        empty={
          <span>
            This folder is empty. Select cards on the{" "}
            <Link href="/cards" className="text-sky-800 underline">
              Cards
            </Link>{" "}
            page and add them here.
          </span>
        }
        toolbar={
          selected.length > 0 && (
            <Button disabled={removeCard.isPending} onClick={() => void removeSelected()}>
              Remove {selected.length} from this folder
            </Button>
          )
        }
      />
    </section>
  );
}
