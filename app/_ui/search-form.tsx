"use client";

import type { RefObject } from "react";
import { Toggle } from "./filters";
import { useDraft } from "./use-draft";
import type { TUrlParams } from "./use-url-params";

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
    <form
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
      {semantic && (
        <label className="flex items-center gap-1 text-sm">
          Similarity ≥
          <input
            type="number"
            min={0}
            max={1}
            step={0.05}
            aria-label="Minimum similarity"
            defaultValue={params.min_similarity ?? "0.3"}
            onBlur={(e) => set({ min_similarity: e.target.value || undefined })}
            className="w-20 rounded border border-slate-300 px-2 py-1"
          />
        </label>
      )}
      {semantic && !params.search && <span className="text-xs text-slate-600">Semantic search needs a search text.</span>}
    </form>
  );
}
