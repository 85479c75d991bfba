"use client";

import { useState } from "react";
import { Popover, POPOVER_BOX as box } from "./popover";
import { matches, toggle, type TOption } from "./filters";

/** Filter controls that pick several values out of flat lists (see filters.tsx for the others). */

/** The checkboxes of one flat list, with a finder when it is long and a Clear link. */
function CheckList(props: { label: string; options: TOption[]; value: string[]; onChange: (v: string[]) => void; legend?: boolean }) {
  const [q, setQ] = useState("");
  const shown = props.options.filter((o) => matches(o, q));
  return (
    <fieldset>
      <legend className={props.legend ? "mb-1 font-medium text-slate-800" : "sr-only"}>{props.label}</legend>
      {props.options.length > 8 && (
        <input
          aria-label={`Find ${props.label.toLowerCase()}`}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Type to find"
          className={`mb-2 w-full ${box}`}
        />
      )}
      {shown.map((o) => (
        <label key={o.value} className="flex items-center gap-2 py-0.5">
          <input type="checkbox" checked={props.value.includes(o.value)} onChange={() => props.onChange(toggle(props.value, o.value))} />
          {o.label}
        </label>
      ))}
      {props.options.length === 0 && <p className="text-slate-500">None yet.</p>}
      {props.value.length > 0 && (
        <button type="button" className="mt-2 text-xs text-sky-700 underline" onClick={() => props.onChange([])}>
          Clear
        </button>
      )}
    </fieldset>
  );
}

/** Several values out of a flat list (source types, folders, a profile's classification). */
export function MultiSelect(props: { label: string; options: TOption[]; value: string[]; onChange: (v: string[]) => void }) {
  return (
    <Popover label={props.label} count={props.value.length}>
      <CheckList {...props} />
    </Popover>
  );
}

export interface TAnyOfGroup {
  label: string;
  options: TOption[];
  value: string[];
  onChange: (v: string[]) => void;
}

/**
 * Several flat lists that combine with OR in one panel (the card list's stages and rounds: a card
 * matches when it has any selected stage or any selected round). The panel says so in `note`, so
 * that two lists side by side are not read as "both".
 */
export function AnyOfSelect(props: { label: string; note: string; groups: TAnyOfGroup[] }) {
  const count = props.groups.reduce((n, g) => n + g.value.length, 0);
  return (
    <Popover label={props.label} count={count}>
      <p className="mb-2 text-xs text-slate-600">{props.note}</p>
      <div className="space-y-3">
        {props.groups.map((g) => (
          <CheckList key={g.label} {...g} legend />
        ))}
      </div>
    </Popover>
  );
}
