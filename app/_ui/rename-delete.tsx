"use client";

import { useState } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Input } from "./input";
import { ClientForm } from "./client-form";

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
      <ClientForm
        className="flex flex-wrap items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          void run(props.onRename(name));
        }}
      >
        <Input
          aria-label={`New name for ${props.name}`}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears because the analyst clicked Rename: typing goes there
          autoFocus
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          size="tiny"
        />
        <Button type="submit" size="xs">
          Save
        </Button>
        <Button size="xs" onClick={() => setMode("idle")}>
          Cancel
        </Button>
        {error && (
          <Alert as="span" className="text-xs">
            {error}
          </Alert>
        )}
      </ClientForm>
    );
  }
  if (mode === "confirm") {
    return (
      <span className="flex flex-wrap items-center gap-1 text-xs">
        Delete this {props.what}?
        <Button variant="danger" size="xs" onClick={() => void run(props.onDelete())}>
          Yes, delete {props.name}
        </Button>
        <Button size="xs" onClick={() => setMode("idle")}>
          Keep
        </Button>
        {error && <Alert as="span">{error}</Alert>}
      </span>
    );
  }
  return (
    <span className="flex gap-1">
      <Button size="xs" aria-label={`Rename ${props.name}`} onClick={() => setMode("rename")}>
        Rename
      </Button>
      <Button size="xs" aria-label={`Delete ${props.name}`} onClick={() => setMode("confirm")}>
        Delete
      </Button>
    </span>
  );
}
