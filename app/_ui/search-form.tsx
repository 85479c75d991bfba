"use client";

import { useEffect, useId, type RefObject } from "react";
import { Toggle } from "./filters";
import { useDraft } from "./use-draft";
import type { TUrlParams } from "./use-url-params";
import { ClientForm } from "./client-form";

/**
 * The search box of a list page: the text is applied on submit (Enter or the button) as the REST
 * `search` parameter, and follows the URL when Back changes it. With `semantic`, a Semantic toggle
 * and the minimum similarity (`semantic`, `min_similarity`); clearing the text turns them off,
 * since semantic search needs a text.
 */
export function SearchForm(props: {
  label: string;
  placeholder: string;
  params: TUrlParams;
  set: (patch: Record<string, string | undefined>) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  semantic?: boolean;
}) {
  const { params, set, inputRef, label, placeholder } = props;
  const offersSemantic = props.semantic === true;
  const [search, setSearch] = useDraft(params.search ?? "");
  const semantic = offersSemantic && params.semantic === "true";

  return (
    <ClientForm
      role="search"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const q = search.trim();
        set({ search: q || undefined, ...(q || !offersSemantic ? {} : { semantic: undefined, min_similarity: undefined }) });
      }}
    >
      <input
        ref={inputRef}
        aria-label={label}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={placeholder}
        className="w-full max-w-md rounded border border-slate-300 px-3 py-1.5 text-sm sm:w-80"
      />
      <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
        Search
      </button>
      {offersSemantic && (
        <Toggle
          label="Semantic"
          checked={semantic}
          onChange={(on) =>
            set({ semantic: on ? "true" : undefined, ...(on && !params.search && search.trim() ? { search: search.trim() } : {}) })
          }
        />
      )}
      {semantic && <SimilaritySlider value={params.min_similarity} onChange={(v) => set({ min_similarity: v })} />}
      {semantic && !params.search && <span className="text-xs text-slate-600">Semantic search needs a search text.</span>}
    </ClientForm>
  );
}

const DEFAULT_SIMILARITY = "0.3";

/**
 * The minimum similarity of a semantic search as a labelled slider with its value shown and what
 * it does in one line; the value is applied once the slider rests (not on every step of a drag).
 */
function SimilaritySlider(props: { value?: string; onChange: (v?: string) => void }) {
  const id = useId();
  const current = props.value ?? DEFAULT_SIMILARITY;
  const [draft, setDraft] = useDraft(current);
  const { onChange } = props;
  useEffect(() => {
    if (draft === current) return;
    const t = setTimeout(() => onChange(draft === DEFAULT_SIMILARITY ? undefined : draft), 300);
    return () => clearTimeout(t);
  }, [draft, current, onChange]);
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id}>Minimum similarity</label>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="w-32"
      />
      <output htmlFor={id} className="w-10 tabular-nums" data-testid="similarity-value">
        {Number(draft).toFixed(2)}
      </output>
      <span id={`${id}-hint`} className="text-xs text-slate-600">
        Cards less similar than this to your search are left out.
      </span>
    </span>
  );
}
