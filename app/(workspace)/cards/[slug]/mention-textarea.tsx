"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { useTRPC } from "~/app/_trpc/client";
import { Textarea } from "~/app/_ui/input";
import type { TAppRouter } from "~/server/api/root";
import { mentionAt } from "~/server/domain/teams/mention-handles";

type TTeammate = inferRouterOutputs<TAppRouter>["team"]["comments"]["mentionable"][number];

/** How many teammates the list shows at once. */
const SHOWN = 8;

/** Whether what was typed after the @ starts the teammate's e-mail, or a word of their e-mail's first part or of their name. */
function matches(t: TTeammate, query: string): boolean {
  const q = query.toLowerCase();
  if (q === "" || t.email.toLowerCase().startsWith(q) || t.handle.toLowerCase().startsWith(q)) return true;
  const words = `${t.email.split("@")[0]} ${t.name ?? ""}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return words.some((w) => w !== "" && w.startsWith(q));
}

/** What follows the caret that still belongs to the handle being typed (replaced with it on insert). */
const handleTail = (text: string) => /^[A-Za-z0-9._%+@-]*/.exec(text)![0];

/**
 * A comment's text field with an @ autocomplete (the ARIA combobox pattern): typing `@` and the
 * start of a teammate's name or e-mail lists the caller's teammates (team.comments.mentionable),
 * narrowed as one types; Up and Down move through them, Enter or Tab inserts `@handle `, Esc closes
 * the list until the next @, and a click inserts too. The handle is the one the server reads as a
 * mention of that teammate alone (server/domain/teams/mention-handles.ts).
 */
export function MentionTextarea({
  value,
  onValueChange,
  onKeyDown,
  ...rest
}: Omit<ComponentProps<typeof Textarea>, "value" | "onChange" | "role"> & { value: string; onValueChange: (text: string) => void }) {
  const trpc = useTRPC();
  const teammates = useQuery({ ...trpc.team.comments.mentionable.queryOptions(), staleTime: 60_000 });
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // The @ whose list Esc closed (its index): closed until another @ is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  // Where the caret goes once an inserted handle is in the field.
  const placeCaret = useRef<number | null>(null);

  const typing = caret === null ? null : mentionAt(value, caret);
  const options = typing ? (teammates.data ?? []).filter((t) => matches(t, typing.query)).slice(0, SHOWN) : [];
  const open = typing !== null && typing.start !== dismissed && options.length > 0;
  const current = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (i: number) => `${listId}-option-${i}`;

  useLayoutEffect(() => {
    const at = placeCaret.current;
    if (at === null || !ref.current) return;
    placeCaret.current = null;
    ref.current.setSelectionRange(at, at);
    setCaret(at);
  }, [value]);

  const follow = (el: HTMLTextAreaElement) => {
    const at = el.selectionStart === el.selectionEnd ? el.selectionStart : null;
    setCaret(at);
    // Out of the closed list's word (its @ deleted, or the caret elsewhere): the next @ opens a list again.
    if (dismissed !== null && (at === null || mentionAt(el.value, at)?.start !== dismissed)) setDismissed(null);
  };

  const insert = (t: TTeammate) => {
    if (!typing || caret === null) return;
    const end = caret + handleTail(value.slice(caret)).length;
    const after = value.slice(end);
    const spaced = /^\s/.test(after) ? after : ` ${after}`;
    placeCaret.current = typing.start + t.handle.length + 2;
    setActive(0);
    onValueChange(`${value.slice(0, typing.start)}@${t.handle}${spaced}`);
  };

  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const move = e.key === "ArrowDown" ? 1 : e.key === "ArrowUp" ? -1 : 0;
      if (move !== 0) {
        e.preventDefault();
        setActive((current + move + options.length) % options.length);
        return;
      }
      if ((e.key === "Enter" && !e.shiftKey) || (e.key === "Tab" && !e.shiftKey)) {
        e.preventDefault();
        insert(options[current]!);
        return;
      }
      if (e.key === "Escape") {
        // Closes the list only: the field's own Esc (an edit's Cancel) waits for the next press.
        e.preventDefault();
        e.stopPropagation();
        setDismissed(typing!.start);
        return;
      }
    }
    onKeyDown?.(e);
  };

  return (
    <div className="relative">
      <Textarea
        {...rest}
        ref={ref}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(current) : undefined}
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          follow(e.target);
          setActive(0);
        }}
        onSelect={(e) => follow(e.currentTarget)}
        onBlur={() => setCaret(null)}
        onKeyDown={keyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Teammates to mention"
        hidden={!open}
        className="absolute left-0 z-20 mt-0.5 max-h-64 w-full max-w-md overflow-auto rounded border border-slate-300 bg-white py-1 text-sm shadow-lg"
        data-testid="mention-options"
      >
        {open &&
          options.map((t, i) => (
            // The keyboard reaches the options through the field (aria-activedescendant); the mouse
            // picks one without taking the focus from the field.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={t.id}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              className={`cursor-pointer px-2 py-1 ${i === current ? "bg-sky-100 text-sky-950" : "text-slate-800"}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => insert(t)}
            >
              {t.name && <span className="font-medium">{t.name} </span>}
              <span>@{t.handle}</span>
              {t.handle !== t.email && <span className="text-xs text-slate-600"> · {t.email}</span>}
            </li>
          ))}
      </ul>
    </div>
  );
}
