import type { TUpdate } from "../radar-types";
import { wordDiff } from "./word-diff";

/** An update's body as before and after side by side, the changed values highlighted. */

type TBody = TUpdate["body"];
type TPosition = NonNullable<Extract<TBody, { variant: "career_change" }>["previous"]>;
type TChange = Extract<TBody, { variant: "combined" }>["changes"][number];

const POSITION_FIELDS: [keyof TPosition, string][] = [
  ["title", "Title"],
  ["company", "Company"],
  ["location", "Location"],
  ["start_date", "Since"],
];

function Side(props: { label: "Before" | "After"; children: React.ReactNode }) {
  return (
    <div
      className={`min-w-0 rounded border p-2 ${props.label === "Before" ? "border-slate-200 bg-slate-50" : "border-slate-300 bg-white"}`}
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{props.label}</p>
      <div className="mt-1 break-words text-sm text-slate-900">{props.children}</div>
    </div>
  );
}

const mark = (side: "Before" | "After") =>
  side === "Before"
    ? "rounded bg-rose-100 px-0.5 text-rose-950 line-through decoration-rose-400"
    : "rounded bg-emerald-100 px-0.5 text-emerald-950";

function Text(props: { before: string | null; after: string | null }) {
  const d = wordDiff(props.before ?? "", props.after ?? "");
  const runs = (side: "Before" | "After", list: typeof d.before, empty: boolean) =>
    empty ? (
      <span className="italic text-slate-600">none</span>
    ) : (
      list.map((r, i) =>
        r.changed ? (
          <mark key={i} className={mark(side)} data-changed="true">
            {r.text}
          </mark>
        ) : (
          <span key={i}>{r.text}</span>
        ),
      )
    );
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Side label="Before">{runs("Before", d.before, !props.before)}</Side>
      <Side label="After">{runs("After", d.after, !props.after)}</Side>
    </div>
  );
}

function Position(props: { before: TPosition | null; after: TPosition | null }) {
  const side = (label: "Before" | "After", p: TPosition | null, other: TPosition | null) => (
    <Side label={label}>
      {p ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          {POSITION_FIELDS.filter(([k]) => p[k] || other?.[k]).map(([k, name]) => {
            const changed = (p[k] ?? "") !== (other?.[k] ?? "");
            return (
              <div key={k} className="contents">
                <dt className="text-slate-600">{name}</dt>
                <dd>
                  {changed ? (
                    <mark className={mark(label)} data-changed="true">
                      {p[k] ?? "—"}
                    </mark>
                  ) : (
                    (p[k] ?? "—")
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <span className="italic text-slate-600">no current position</span>
      )}
    </Side>
  );
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {side("Before", props.before, props.after)}
      {side("After", props.after, props.before)}
    </div>
  );
}

const CHANGE_TITLE = { career_change: "Current position", headline_change: "Headline", bio_change: "Bio" } as const;

function Change({ c }: { c: TChange }) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-medium text-slate-700">{CHANGE_TITLE[c.change_type]}</h3>
      {c.change_type === "career_change" ? (
        <Position before={c.previous} after={c.current} />
      ) : c.change_type === "headline_change" ? (
        <Text before={c.previous_headline} after={c.current_headline} />
      ) : (
        <Text before={c.previous_bio} after={c.current_bio} />
      )}
    </div>
  );
}

export function UpdateDiff({ body }: { body: TBody }) {
  switch (body.variant) {
    case "career_change":
      return <Change c={{ change_type: "career_change", previous: body.previous, current: body.current }} />;
    case "network_b_bio_change":
      return <Change c={{ change_type: "bio_change", previous_bio: body.previous_bio, current_bio: body.current_bio }} />;
    case "combined":
      return (
        <div className="space-y-3">
          {body.changes.map((c, i) => (
            <Change key={i} c={c} />
          ))}
        </div>
      );
  }
}
