"use client";

import { useEffect, useId, useState } from "react";
import { Popover, POPOVER_BOX as box } from "./popover";
import { useDraft } from "./use-draft";
import { ClientForm } from "./client-form";

/**
 * Filter controls of the workspace's list pages. Each is controlled: it shows `value` and reports
 * a new value through `onChange` (the page writes it to the URL, see use-url-params.ts).
 */

export interface TOption {
  value: string;
  label: string;
}
export interface TTreeOption extends TOption {
  children: TOption[];
}

export function toggle(list: string[], v: string): string[] {
  return list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
}

export function matches(o: TOption, q: string) {
  return !q || o.label.toLowerCase().includes(q.toLowerCase()) || o.value.includes(q.toLowerCase());
}

export function TreeSelect(props: { label: string; tree: TTreeOption[]; value: string[]; onChange: (v: string[]) => void }) {
  const [q, setQ] = useState("");
  const shown = props.tree
    .map((p) => ({ ...p, children: p.children.filter((c) => matches(c, q)) }))
    .filter((p) => matches(p, q) || p.children.length > 0);
  const limit = q ? 200 : 40;
  return (
    <Popover label={props.label} count={props.value.length}>
      <fieldset>
        <legend className="sr-only">{props.label}</legend>
        <input
          aria-label={`Find ${props.label.toLowerCase()}`}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Type to find"
          className={`mb-2 w-full ${box}`}
        />
        {shown.slice(0, limit).map((p) => (
          <div key={p.value}>
            <label className="flex items-center gap-2 py-0.5 font-medium">
              <input
                type="checkbox"
                checked={props.value.includes(p.value)}
                onChange={() => props.onChange(toggle(props.value, p.value))}
              />
              {p.label}
            </label>
            {p.children.slice(0, q ? 50 : 12).map((c) => (
              <label key={c.value} className="ml-5 flex items-center gap-2 py-0.5">
                <input
                  type="checkbox"
                  checked={props.value.includes(c.value)}
                  onChange={() => props.onChange(toggle(props.value, c.value))}
                />
                {c.label}
              </label>
            ))}
          </div>
        ))}
        {props.value.length > 0 && (
          <button type="button" className="mt-2 text-xs text-sky-700 underline" onClick={() => props.onChange([])}>
            Clear
          </button>
        )}
      </fieldset>
    </Popover>
  );
}

/** Values found by typing (participants): `suggest` is asked for the current text. */
export function TypeAhead(props: {
  label: string;
  value: string[];
  onChange: (v: string[]) => void;
  useSuggestions: (q: string) => { options: TOption[]; loading: boolean };
}) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const id = useId();
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const { options, loading } = props.useSuggestions(q);
  return (
    <Popover label={props.label} count={props.value.length}>
      <label htmlFor={id} className="sr-only">
        Find {props.label.toLowerCase()}
      </label>
      <input id={id} value={text} onChange={(e) => setText(e.target.value)} placeholder="Type a name" className={`mb-2 w-full ${box}`} />
      {props.value.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1" aria-label={`Chosen ${props.label.toLowerCase()}`}>
          {props.value.map((v) => (
            <li key={v}>
              <button
                type="button"
                onClick={() => props.onChange(props.value.filter((x) => x !== v))}
                className="rounded bg-sky-100 px-2 py-0.5 text-xs text-sky-900"
              >
                {v} <span aria-label="remove">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {q && (
        <ul aria-label={`${props.label} suggestions`} aria-busy={loading}>
          {options.map((o) => (
            <li key={o.value}>
              <button
                type="button"
                aria-pressed={props.value.includes(o.value)}
                className="w-full rounded px-1 py-0.5 text-left hover:bg-slate-100 aria-pressed:bg-sky-50"
                onClick={() => props.onChange(toggle(props.value, o.value))}
              >
                {o.label}
              </button>
            </li>
          ))}
          {!loading && options.length === 0 && <li className="text-slate-500">No match.</li>}
        </ul>
      )}
    </Popover>
  );
}

/** The rolling windows a date filter offers besides "Last N days". */
const DATE_WINDOWS = [7, 30, 90] as const;

/** A rolling window in words: "last 30 days". */
export const windowText = (days: string | number) => `last ${days} day${String(days) === "1" ? "" : "s"}`;

/**
 * A from/to pair of dates (YYYY-MM-DD, the REST form). With `onWindow`, also a rolling window
 * ("last 7 / 30 / 90 days" or "last N days", a number of days kept as such, not as a date):
 * choosing a window drops the fixed "from" date and a "from" date drops the window.
 */
export function DateRange(props: {
  label: string;
  from?: string;
  to?: string;
  onChange: (from?: string, to?: string) => void;
  window?: string;
  onWindow?: (days?: string) => void;
}) {
  const n = (props.from || props.window ? 1 : 0) + (props.to ? 1 : 0);
  const id = useId();
  const preset = DATE_WINDOWS.map(String).includes(props.window ?? "") ? props.window : props.window ? "custom" : "";
  const [custom, setCustom] = useDraft(preset === "custom" ? (props.window ?? "") : "");
  const applyCustom = () => {
    const d = Number(custom);
    if (Number.isInteger(d) && d >= 1 && d <= 3650) props.onWindow?.(String(d));
  };
  return (
    <Popover label={props.label} count={n}>
      {props.onWindow && (
        <fieldset className="mb-2 grid gap-1 border-b border-slate-200 pb-2">
          <legend className="mb-1 font-medium">{props.label}: rolling window</legend>
          {[{ value: "", label: "Any time" }, ...DATE_WINDOWS.map((d) => ({ value: String(d), label: `Last ${d} days` }))].map((o) => (
            <label key={o.value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-window`}
                checked={preset === o.value && !(o.value === "" && props.from)}
                onChange={() => props.onWindow?.(o.value || undefined)}
              />
              {o.label}
            </label>
          ))}
          <ClientForm
            className="flex items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              applyCustom();
            }}
          >
            <label htmlFor={`${id}-days`}>Last</label>
            <input
              id={`${id}-days`}
              aria-label={`${props.label}: last N days`}
              type="number"
              min={1}
              max={3650}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              onBlur={applyCustom}
              className={`w-20 ${box}`}
            />
            <span>days</span>
            <button type="submit" className="rounded bg-slate-900 px-2 py-0.5 text-white">
              Apply
            </button>
          </ClientForm>
        </fieldset>
      )}
      <fieldset className="grid grid-cols-[auto_1fr] items-center gap-2">
        <legend className={props.onWindow ? "mb-1 font-medium" : "sr-only"}>{props.onWindow ? "Between dates" : props.label}</legend>
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={props.from ?? ""}
          onChange={(e) => props.onChange(e.target.value || undefined, props.to)}
          className={box}
        />
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={props.to ?? ""}
          onChange={(e) => props.onChange(props.from, e.target.value || undefined)}
          className={box}
        />
      </fieldset>
    </Popover>
  );
}

/** A min/max pair of whole numbers, applied when the field loses focus or on Enter. */
export function NumberRange(props: { label: string; min?: string; max?: string; onChange: (min?: string, max?: string) => void }) {
  const [min, setMin] = useDraft(props.min ?? "");
  const [max, setMax] = useDraft(props.max ?? "");
  const apply = () => props.onChange(min || undefined, max || undefined);
  const n = (props.min ? 1 : 0) + (props.max ? 1 : 0);
  return (
    <Popover label={props.label} count={n}>
      <ClientForm
        className="grid grid-cols-[auto_1fr] items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label htmlFor={`${props.label}-min`}>Min</label>
        <input
          id={`${props.label}-min`}
          type="number"
          min={0}
          value={min}
          onChange={(e) => setMin(e.target.value)}
          onBlur={apply}
          className={box}
        />
        <label htmlFor={`${props.label}-max`}>Max</label>
        <input
          id={`${props.label}-max`}
          type="number"
          min={0}
          value={max}
          onChange={(e) => setMax(e.target.value)}
          onBlur={apply}
          className={box}
        />
        <button type="submit" className="col-span-2 rounded bg-slate-900 px-2 py-1 text-white">
          Apply
        </button>
      </ClientForm>
    </Popover>
  );
}

/** An on/off flag: on sets the parameter to `true`, off removes it. */
export function Toggle(props: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={`flex items-center gap-1.5 ${box} ${props.checked ? "border-sky-400 bg-sky-50" : ""}`}>
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      {props.label}
    </label>
  );
}

/** One value out of a short list, as a select (web2/web3); `showLabel` shows its label beside it ("Sort by"). */
export function Choice(props: { label: string; value: string; options: TOption[]; onChange: (v: string) => void; showLabel?: boolean }) {
  const id = useId();
  return (
    <span className="flex items-center gap-1 text-sm">
      <label htmlFor={id} className={props.showLabel ? "text-slate-700" : "sr-only"}>
        {props.label}
      </label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)} className={box}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/** A free-text value (a comma list such as tags), applied on Enter or Apply; empty removes it. */
export function TextValue(props: { label: string; value?: string; placeholder?: string; hint?: string; onChange: (v?: string) => void }) {
  const [text, setText] = useDraft(props.value ?? "");
  const id = useId();
  return (
    <Popover label={props.label} count={props.value ? 1 : 0}>
      <ClientForm
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          props.onChange(text.trim() || undefined);
        }}
      >
        <label htmlFor={id}>{props.label}</label>
        <input id={id} value={text} onChange={(e) => setText(e.target.value)} placeholder={props.placeholder} className={box} />
        {props.hint && <p className="text-xs text-slate-600">{props.hint}</p>}
        <button type="submit" className="rounded bg-slate-900 px-2 py-1 text-white">
          Apply
        </button>
      </ClientForm>
    </Popover>
  );
}

/** One date (YYYY-MM-DD, the REST form), such as "created on or after". */
export function DateValue(props: { label: string; inputLabel: string; value?: string; onChange: (v?: string) => void }) {
  const id = useId();
  return (
    <Popover label={props.label} count={props.value ? 1 : 0}>
      <div className="grid grid-cols-[auto_1fr] items-center gap-2">
        <label htmlFor={id}>{props.inputLabel}</label>
        <input
          id={id}
          type="date"
          value={props.value ?? ""}
          onChange={(e) => props.onChange(e.target.value || undefined)}
          className={box}
        />
      </div>
    </Popover>
  );
}
