"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { ConfirmButton } from "~/app/_ui/confirm-button";
import { EmptyState } from "~/app/_ui/empty-state";
import { Field } from "~/app/_ui/field";
import { Textarea } from "~/app/_ui/input";

const MAX = 5000;

/** The team's thread on the card (the newest 20): post, delete one's own (owners and admins: any). Only shown in a team. */
export function CardComments({ cardId, slug }: { cardId: number; slug: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const mine = useQuery(trpc.team.workspace.mine.queryOptions());
  const thread = useQuery({ ...trpc.cards.comments.queryOptions({ slug, limit: 20 }), enabled: Boolean(mine.data) });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.cards.comments.queryKey() });
  const [text, setText] = useState("");
  const add = useMutation(
    trpc.team.comments.add.mutationOptions({
      onSuccess: () => {
        setText("");
        void refresh();
      },
    }),
  );
  const remove = useMutation(trpc.team.comments.delete.mutationOptions({ onSuccess: () => void refresh() }));
  const team = mine.data;
  if (!team) return null;
  const manager = team.role === "owner" || team.role === "admin";
  return (
    <section aria-labelledby="comments-h">
      <h2 id="comments-h" className="text-lg font-medium">
        Team comments
      </h2>
      <form
        className="mt-2 space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ cardId, text });
        }}
      >
        <Field
          label={`Comment for ${team.team.name}`}
          hint="Mention a teammate with @ and their e-mail or its part before the @."
          error={add.error?.message}
        >
          {(c) => <Textarea {...c} rows={3} maxLength={MAX} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <Button type="submit" variant="primary" size="sm" disabled={add.isPending || text.trim() === ""}>
          Post comment
        </Button>
      </form>
      {remove.error && <Alert className="mt-2 text-sm">{remove.error.message}</Alert>}
      {thread.data && thread.data.data.length === 0 && <EmptyState className="mt-3">No comment yet.</EmptyState>}
      {thread.data && thread.data.data.length > 0 && (
        <ol className="mt-3 space-y-3 text-sm" data-testid="card-comments">
          {thread.data.data.map((c) => (
            <li key={c.id} id={`comment-${c.id}`} className="border-l-2 border-slate-200 pl-2">
              <p className="text-xs text-slate-600">
                {c.author.name ?? c.author.email} · {new Date(c.created_at).toLocaleString()}
              </p>
              <p className="whitespace-pre-wrap break-words">{c.text}</p>
              {(c.author.id === team.me || manager) && (
                <ConfirmButton
                  label="Delete"
                  ariaLabel={`Delete comment ${c.id}`}
                  confirm="Yes, delete"
                  onConfirm={() => remove.mutate({ id: c.id })}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
