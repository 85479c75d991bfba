"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";

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
      <Button
        aria-pressed={saved}
        disabled={busy}
        onClick={() => (saved ? unsave : save).mutate({ slug })}
        variant={saved ? "success-on" : "primary"}
        size="lg"
      >
        {saved ? "Saved · Unsave" : "Save"}
      </Button>
      {error && (
        <Alert as="span" className="text-sm">
          {error}
        </Alert>
      )}
    </div>
  );
}
