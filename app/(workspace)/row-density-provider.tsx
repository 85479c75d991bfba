"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { RowDensityContext, type TRowDensity } from "~/app/_ui/row-density";
import { useToast } from "~/app/_ui/toast";

/**
 * The account's row density for every table of the workspace: read with the account (account.me,
 * in the page's HTML, so the first render has it), changed at once on the screen and kept on the
 * server (account.setRowDensity), so it follows the analyst to any browser.
 */
export function RowDensityProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const me = useQuery(trpc.account.me.queryOptions());
  const meKey = trpc.account.me.queryKey();
  const save = useMutation(
    trpc.account.setRowDensity.mutationOptions({
      onMutate: ({ row_density }) => {
        const before = qc.getQueryData(meKey);
        qc.setQueryData(meKey, (old) => (old ? { ...old, row_density } : old));
        return { before };
      },
      onError: (e, _input, context) => {
        qc.setQueryData(meKey, context?.before);
        toast(`Could not keep the row layout: ${e.message}`, "error");
      },
    }),
  );
  const density: TRowDensity = me.data?.row_density ?? "comfortable";
  const { mutate } = save;
  const value = useMemo(() => ({ density, setDensity: (d: TRowDensity) => mutate({ row_density: d }) }), [density, mutate]);
  return <RowDensityContext.Provider value={value}>{children}</RowDensityContext.Provider>;
}
