"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { Textarea } from "~/app/_ui/input";
import { useToast } from "~/app/_ui/toast";
import { ClientForm } from "~/app/_ui/client-form";

/** Refetches the card (and lists that show user data) after a change. */
function useRefresh() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: trpc.cards.pathKey() });
    void qc.invalidateQueries({ queryKey: trpc.user.folders.pathKey() });
  };
}

export function LikeButton({ cardId, liked }: { cardId: number; liked: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const like = useMutation(trpc.user.likes.like.mutationOptions({ onSuccess: refresh }));
  const unlike = useMutation(trpc.user.likes.unlike.mutationOptions({ onSuccess: refresh }));
  const pending = like.isPending || unlike.isPending;
  return (
    <Button
      aria-pressed={liked}
      variant={liked ? "danger-on" : "secondary"}
      disabled={pending}
      onClick={() => (liked ? unlike : like).mutate({ cardId })}
    >
      {liked ? "♥ Liked" : "♡ Like"}
    </Button>
  );
}

/** A private note that saves itself a moment after typing stops (an empty note is deleted). */
export function NoteEditor({ cardId, note }: { cardId: number; note: string }) {
  const trpc = useTRPC();
  const [text, setText] = useState(note);
  const [status, setStatus] = useState<"saved" | "saving" | "unsaved" | "error">("saved");
  const saved = useRef(note);
  const id = useId();
  const { mutateAsync: saveNote } = useMutation(trpc.user.notes.save.mutationOptions());
  const { mutateAsync: deleteNote } = useMutation(trpc.user.notes.delete.mutationOptions());
  useEffect(() => {
    if (text === saved.current) return;
    setStatus("unsaved");
    const t = setTimeout(() => {
      const value = text.trim();
      setStatus("saving");
      const done = () => {
        saved.current = text;
        setStatus("saved");
      };
      const p = value ? saveNote({ cardId, text: value }) : deleteNote({ cardId });
      p.then(done, () => setStatus("error"));
    }, 700);
    return () => clearTimeout(t);
  }, [text, cardId, saveNote, deleteNote]);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        Private note
      </label>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={10_000}
        rows={4}
        placeholder="Only you can see this note."
        className="mt-1 w-full"
      />
      <p role="status" className={`text-xs ${status === "error" ? "text-rose-700" : "text-slate-500"}`} data-testid="note-status">
        {status === "saved"
          ? text
            ? "Saved"
            : ""
          : status === "saving"
            ? "Saving…"
            : status === "unsaved"
              ? "Editing…"
              : "Could not save: try again"}
      </p>
    </div>
  );
}

/** Intro request with a message (cards open to intro only); shows when one was requested. */
export function IntroRequest({ cardId, open, requested }: { cardId: number; open: boolean; requested: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refreshCard = useRefresh();
  const toast = useToast();
  const [message, setMessage] = useState("");
  const id = useId();
  const refresh = () => {
    refreshCard();
    void qc.invalidateQueries({ queryKey: trpc.user.intro.get.queryKey({ cardId }) });
  };
  // The request as stored (message and date): the same after a reload.
  const stored = useQuery({ ...trpc.user.intro.get.queryOptions({ cardId }), enabled: requested });
  const request = useMutation(
    trpc.user.intro.request.mutationOptions({
      onSuccess: () => {
        refresh();
        setMessage("");
        toast("Intro request sent.");
      },
    }),
  );
  const cancel = useMutation(
    trpc.user.intro.cancel.mutationOptions({
      onSuccess: () => {
        refresh();
        toast("Intro request withdrawn.");
      },
    }),
  );
  if (!open) return <p className="text-sm text-slate-500">This startup is not open to intros.</p>;
  if (requested) {
    const intro = stored.data ?? request.data;
    return (
      <div className="text-sm" data-testid="intro-request">
        <Alert tone="success" as="div">
          <p className="font-medium" data-testid="intro-state">
            Intro requested{intro ? ` on ${intro.created_at.slice(0, 10)}` : ""} · waiting for the introduction
          </p>
          {intro?.message ? (
            <p className="mt-1 whitespace-pre-wrap" data-testid="intro-message">
              “{intro.message}”
            </p>
          ) : (
            intro && <p className="mt-1 text-slate-600">No message was added.</p>
          )}
        </Alert>
        {stored.error && <Alert className="text-xs">Could not load the request: {stored.error.message}</Alert>}
        <Button className="mt-1" disabled={cancel.isPending} onClick={() => cancel.mutate({ cardId })}>
          Withdraw the request
        </Button>
        {cancel.error && <Alert className="text-xs">{cancel.error.message}</Alert>}
      </div>
    );
  }
  return (
    <ClientForm
      onSubmit={(e) => {
        e.preventDefault();
        request.mutate({ cardId, ...(message.trim() ? { message: message.trim() } : {}) });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Request an intro
      </label>
      <Textarea
        id={id}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={2000}
        rows={2}
        placeholder="A message for the introduction (optional)"
        className="mt-1 w-full"
      />
      <Button type="submit" disabled={request.isPending} variant="primary" size="md">
        Request intro
      </Button>
      {request.error && <Alert className="text-xs">{request.error.message}</Alert>}
    </ClientForm>
  );
}
