"use client";

import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { ConfirmButton } from "~/app/_ui/confirm-button";
import { EmptyState } from "~/app/_ui/empty-state";
import { Field } from "~/app/_ui/field";
import type { TAppRouter } from "~/server/api/root";
import type { inferRouterOutputs } from "@trpc/server";
import { ClientForm } from "~/app/_ui/client-form";
import { MentionTextarea } from "./mention-textarea";

const MAX = 5000;
/** Comments on the first screen and per "Show older". */
const PAGE = 20;
/** How many older pages a link to one comment (a mention's #comment-<id>) may load to reach it. */
const MAX_PAGES_FOR_LINK = 50;

/** How the comment box's autocomplete is used, told under both fields. */
const MENTION_HINT =
  "Type @ and a teammate's name or e-mail to mention them: Up and Down choose, Enter or Tab inserts, Esc closes the list.";

type TOut = inferRouterOutputs<TAppRouter>;
type TPage = TOut["team"]["comments"]["thread"];
type TComment = TPage["data"][number];
type TTeam = NonNullable<TOut["team"]["cardPanel"]>;

const who = (c: TComment) => c.author.name ?? c.author.email;

/** The comment the address's #comment-<id> names (a mention's link), if any. The thread renders in the browser only. */
function linkedComment(): number | null {
  const m = typeof window === "undefined" ? null : /^#comment-(\d+)$/.exec(window.location.hash);
  return m ? Number(m[1]) : null;
}

/**
 * The team's thread on the card: the newest 20 first, "Show older" for the next page (a cursor, so
 * a long thread costs one page per screen); post, edit one's own inline (Esc cancels, Ctrl+Enter
 * saves), delete one's own (owners and admins: any) after a confirmation. Writes update the pages
 * in place instead of fetching them again.
 */
export function CardComments({ cardId, team }: { cardId: number; team: TTeam }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const input = { cardId, limit: PAGE };
  const options = trpc.team.comments.thread.infiniteQueryOptions(input, { getNextPageParam: (last) => last.next });
  const thread = useInfiniteQuery(options);
  const key = trpc.team.comments.thread.infiniteQueryKey(input);
  // A write changes the loaded pages in place; while they are still loading, they load again instead
  // (the invalidation cancels the load in flight, which may have read the thread before the write).
  const update = (f: (pages: TPage[]) => TPage[]) => {
    if (qc.getQueryData(key) === undefined || qc.isFetching({ queryKey: key }) > 0) void qc.invalidateQueries({ queryKey: key });
    else qc.setQueryData<InfiniteData<TPage, TPage["next"] | null>>(key, (d) => (d ? { ...d, pages: f(d.pages) } : d));
  };
  const replace = (c: TComment) => update((pages) => pages.map((p) => ({ ...p, data: p.data.map((x) => (x.id === c.id ? c : x)) })));

  const [text, setText] = useState("");
  const add = useMutation(
    trpc.team.comments.add.mutationOptions({
      onSuccess: (r) => {
        setText("");
        update((pages) => pages.map((p, i) => (i === 0 ? { ...p, data: [r.comment, ...p.data] } : p)));
      },
    }),
  );
  const remove = useMutation(
    trpc.team.comments.delete.mutationOptions({
      onSuccess: (r) => update((pages) => pages.map((p) => ({ ...p, data: p.data.filter((x) => x.id !== r.id) }))),
    }),
  );

  // A link to one comment (a mention's notification): load older pages until it is there, then show it.
  const linked = useRef(linkedComment());
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const loaded = thread.data?.pages.flatMap((p) => p.data) ?? [];
  useEffect(() => {
    const id = linked.current;
    if (id === null || !thread.data) return;
    if (thread.data.pages.some((p) => p.data.some((c) => c.id === id))) {
      document.getElementById(`comment-${id}`)?.scrollIntoView({ block: "center" });
      linked.current = null;
    } else if (hasNextPage && thread.data.pages.length < MAX_PAGES_FOR_LINK) {
      if (!isFetchingNextPage) void fetchNextPage();
    } else linked.current = null;
  }, [thread.data, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const manager = team.role === "owner" || team.role === "admin";
  return (
    <section aria-labelledby="comments-h">
      <h2 id="comments-h" className="text-lg font-medium">
        Team comments
      </h2>
      <ClientForm
        className="mt-2 space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ cardId, text });
        }}
      >
        <Field label={`Comment for ${team.team.name}`} hint={MENTION_HINT} error={add.error?.message}>
          {(c) => <MentionTextarea {...c} rows={3} maxLength={MAX} value={text} onValueChange={setText} />}
        </Field>
        <Button type="submit" variant="primary" size="sm" disabled={add.isPending || text.trim() === ""}>
          Post comment
        </Button>
      </ClientForm>
      {remove.error && <Alert className="mt-2 text-sm">{remove.error.message}</Alert>}
      {thread.error && <Alert className="mt-2 text-sm">Could not load the comments: {thread.error.message}</Alert>}
      {thread.isPending && <p className="mt-3 text-sm text-slate-600">Loading comments…</p>}
      {thread.data && loaded.length === 0 && <EmptyState className="mt-3">No comment yet.</EmptyState>}
      {loaded.length > 0 && (
        <ol className="mt-3 space-y-3 text-sm" data-testid="card-comments">
          {loaded.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              mine={c.author.id === team.me}
              canDelete={c.author.id === team.me || manager}
              onEdited={replace}
              onDelete={() => remove.mutate({ id: c.id })}
            />
          ))}
        </ol>
      )}
      {hasNextPage && (
        <Button className="mt-3" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? "Loading older comments…" : "Show older comments"}
        </Button>
      )}
    </section>
  );
}

/** One comment: author, time, an "edited" mark, the text; its author edits it in place. */
function CommentItem(props: {
  comment: TComment;
  mine: boolean;
  canDelete: boolean;
  onEdited: (c: TComment) => void;
  onDelete: () => void;
}) {
  const c = props.comment;
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(c.text);
  // Back from editing, the Edit button has the focus again (it mounts anew then).
  const [refocus, setRefocus] = useState(false);
  const edit = useMutation(
    trpc.team.comments.edit.mutationOptions({
      onSuccess: (r) => {
        props.onEdited(r.comment);
        close();
      },
    }),
  );
  function close() {
    setRefocus(true);
    setEditing(false);
    edit.reset();
  }
  const save = () => {
    if (draft.trim() === "" || edit.isPending) return;
    if (draft.trim() === c.text) close();
    else edit.mutate({ id: c.id, text: draft });
  };
  const edited = c.updated_at !== c.created_at;
  return (
    <li id={`comment-${c.id}`} className="border-l-2 border-slate-200 pl-2" data-testid="comment">
      <p className="text-xs text-slate-600">
        {who(c)} · <time dateTime={c.created_at}>{new Date(c.created_at).toLocaleString()}</time>
        {edited && (
          <span title={`Edited ${new Date(c.updated_at).toLocaleString()}`} data-testid="comment-edited">
            {" "}
            · edited
          </span>
        )}
      </p>
      {editing ? (
        <ClientForm
          className="mt-1 space-y-1"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Field label="Edit your comment" hint={`Esc cancels, Ctrl+Enter saves. ${MENTION_HINT}`} error={edit.error?.message}>
            {(f) => (
              <MentionTextarea
                {...f}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears because the analyst chose Edit: typing goes there
                autoFocus
                rows={3}
                maxLength={MAX}
                value={draft}
                onValueChange={setDraft}
                onKeyDown={(e) => {
                  if (e.key === "Escape") {
                    e.preventDefault();
                    close();
                  } else if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault();
                    save();
                  }
                }}
              />
            )}
          </Field>
          <span className="flex gap-1">
            <Button type="submit" size="xs" variant="primary" disabled={edit.isPending || draft.trim() === ""}>
              Save
            </Button>
            <Button size="xs" onClick={close}>
              Cancel
            </Button>
          </span>
        </ClientForm>
      ) : (
        <>
          <p className="whitespace-pre-wrap break-words">{c.text}</p>
          <span className="mt-1 flex flex-wrap gap-1">
            {props.mine && (
              <Button
                // eslint-disable-next-line jsx-a11y/no-autofocus -- only after Save or Cancel of an edit: the focus returns where it was
                autoFocus={refocus}
                size="xs"
                aria-label={`Edit comment ${c.id}`}
                onClick={() => {
                  setDraft(c.text);
                  setEditing(true);
                }}
              >
                Edit
              </Button>
            )}
            {props.canDelete && (
              <ConfirmButton label="Delete" ariaLabel={`Delete comment ${c.id}`} confirm="Yes, delete" onConfirm={props.onDelete} />
            )}
          </span>
        </>
      )}
    </li>
  );
}
