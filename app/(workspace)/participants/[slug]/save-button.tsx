"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../../_trpc/client";

/** Save / Unsave: the participant joins or leaves the signed-in analyst's Saved view. */
export function SaveButton({ slug, saved }: { slug: string; saved: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.participants.pathKey() });
  const save = useMutation(trpc.participants.savedParticipants.save.mutationOptions({ onSuccess: refresh }));
  const unsave = useMutation(trpc.participants.savedParticipants.unsave.mutationOptions({ onSuccess: refresh }));
  const busy = save.isPending || unsave.isPending;
  const error = save.error?.message ?? unsave.error?.message;
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        aria-pressed={saved}
        disabled={busy}
        onClick={() => (saved ? unsave : save).mutate({ slug })}
        className={`rounded px-3 py-1.5 text-sm ${saved ? "border border-emerald-600 bg-emerald-50 text-emerald-900" : "bg-slate-900 text-white"}`}
      >
        {saved ? "Saved · Unsave" : "Save"}
      </button>
      {error && (
        <span role="alert" className="text-sm text-rose-700">
          {error}
        </span>
      )}
    </div>
  );
}
