"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTRPC } from "../_trpc/client";
import { Badge } from "../_ui/badge";
import { Button } from "../_ui/button";
import { Input } from "../_ui/input";
import { useHydrated } from "../_ui/use-browser-store";
import { isTyping, useWindowKeys } from "../_ui/use-window-keys";
import { RESULT_KINDS, resultHref, type TSearchResult } from "./search-targets";

const SHOWN = 12;
const DEBOUNCE_MS = 120;

/**
 * The workspace's global search: a button in the header, Ctrl-K (Cmd-K on a Mac) anywhere, and `/`
 * on a page with no search field of its own open a dialog that finds cards, participants, founders,
 * folders, saved filters and the card filters' values by name (search.autocomplete, the same
 * procedure as GET /v1/autocomplete/). Up and Down move through the results, Enter opens one, Esc
 * closes the dialog and gives the focus back.
 */
export function GlobalSearch() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const mac = hydrated && /Mac|iPhone|iPad/.test(navigator.userAgent);

  const show = () => {
    if (dialog.current?.open) return;
    dialog.current?.showModal();
    setOpen(true);
  };
  const close = () => dialog.current?.close();

  useWindowKeys((e) => {
    if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "k") {
      e.preventDefault();
      show();
    } else if (e.key === "/" && !e.metaKey && !e.ctrlKey && !isTyping(e.target)) {
      // A page's own search field takes `/` first (use-search-shortcut.ts): decided once the event
      // has reached every listener.
      setTimeout(() => !e.defaultPrevented && show());
    }
  });

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={show}
        aria-keyshortcuts={mac ? "Meta+K" : "Control+K"}
        data-testid="global-search-open"
      >
        {/* The name comes from the content ("Search the workspace"); the shortcut is announced
            through aria-keyshortcuts, so its visible hint stays out of the name. */}
        <span aria-hidden="true">⌕ </span>Search<span className="sr-only"> the workspace</span>
        <kbd aria-hidden="true" className="ml-2 hidden rounded border border-slate-200 px-1 text-xs text-slate-600 sm:inline">
          {mac ? "⌘K" : "Ctrl K"}
        </kbd>
      </Button>
      <dialog
        ref={dialog}
        aria-label="Search the workspace"
        onClose={() => setOpen(false)}
        className="mx-auto mt-[10vh] w-[min(40rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/30"
        data-testid="global-search"
      >
        {open && <SearchBox onDone={close} />}
      </dialog>
    </>
  );
}

function SearchBox({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const listId = useId();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const results = useQuery({
    ...trpc.search.autocomplete.queryOptions({ q, limit: SHOWN }),
    enabled: q !== "",
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options: TSearchResult[] = q === "" ? [] : (results.data?.data ?? []);
  const current = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (i: number) => `${listId}-option-${i}`;

  const go = (r: TSearchResult) => {
    onDone();
    router.push(resultHref(r));
  };

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = e.key === "ArrowDown" ? 1 : e.key === "ArrowUp" ? -1 : 0;
    if (move !== 0 && options.length > 0) {
      e.preventDefault();
      setActive((current + move + options.length) % options.length);
    } else if (e.key === "Enter" && options[current]) {
      e.preventDefault();
      go(options[current]);
    }
  };

  const status =
    q === ""
      ? "Type a name: a card, participant, founder, folder, saved filter, stage, round, category or place."
      : results.isError
        ? "Search failed. Try again."
        : results.isPending
          ? "Searching…"
          : options.length === 0
            ? `Nothing is named like “${q}”.`
            : `${options.length === SHOWN ? `Top ${SHOWN}` : options.length} ${options.length === 1 ? "result" : "results"}. Up and Down move, Enter opens.`;

  return (
    <div className="p-3">
      <Input
        size="sm-tall"
        // The dialog opens to type in it.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        role="combobox"
        aria-label="Search by name"
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
        placeholder="Search cards, people, folders…"
        className="w-full"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={keyDown}
        data-testid="global-search-input"
      />
      <p role="status" className="mt-2 text-xs text-slate-600">
        {status}
      </p>
      <ul id={listId} role="listbox" aria-label="Results" className="mt-1 max-h-[60vh] overflow-auto" data-testid="global-search-results">
        {options.map((r, i) => (
          // The keyboard reaches the options through the field (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${r.type}-${r.slug ?? r.id}`}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === current}
            className={`flex cursor-pointer items-baseline gap-2 rounded px-2 py-1.5 text-sm ${i === current ? "bg-sky-100 text-sky-950" : "text-slate-800"}`}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(r)}
          >
            <Badge className="shrink-0 text-xs">{RESULT_KINDS[r.type]}</Badge>
            <span className="font-medium" data-testid="result-name">
              {r.name}
            </span>
            <span className="min-w-0 truncate text-xs text-slate-600">{r.context}</span>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-end">
        <Button variant="link-muted" size="none" className="text-xs" onClick={onDone}>
          Close (Esc)
        </Button>
      </div>
    </div>
  );
}
