"use client";

import { useState } from "react";

const box = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs";

/** Rename (inline) and delete (asks once more) controls for one named object of a list. */
export function RenameDelete(props: {
  name: string;
  what: string;
  onRename: (name: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}) {
  const [mode, setMode] = useState<"idle" | "rename" | "confirm">("idle");
  const [name, setName] = useState(props.name);
  const [error, setError] = useState<string | null>(null);
  const run = (p: Promise<unknown>) =>
    p.then(
      () => {
        setMode("idle");
        setError(null);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : "failed"),
    );
  if (mode === "rename") {
    return (
      <form
        className="flex flex-wrap items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          void run(props.onRename(name));
        }}
      >
        <input
          aria-label={`New name for ${props.name}`}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears because the analyst clicked Rename: typing goes there
          autoFocus
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={box}
        />
        <button type="submit" className={box}>
          Save
        </button>
        <button type="button" className={box} onClick={() => setMode("idle")}>
          Cancel
        </button>
        {error && (
          <span role="alert" className="text-xs text-rose-700">
            {error}
          </span>
        )}
      </form>
    );
  }
  if (mode === "confirm") {
    return (
      <span className="flex flex-wrap items-center gap-1 text-xs">
        Delete this {props.what}?
        <button type="button" className={`${box} border-rose-300 text-rose-800`} onClick={() => void run(props.onDelete())}>
          Yes, delete {props.name}
        </button>
        <button type="button" className={box} onClick={() => setMode("idle")}>
          Keep
        </button>
        {error && (
          <span role="alert" className="text-rose-700">
            {error}
          </span>
        )}
      </span>
    );
  }
  return (
    <span className="flex gap-1">
      <button type="button" className={box} aria-label={`Rename ${props.name}`} onClick={() => setMode("rename")}>
        Rename
      </button>
      <button type="button" className={box} aria-label={`Delete ${props.name}`} onClick={() => setMode("confirm")}>
        Delete
      </button>
    </span>
  );
}
