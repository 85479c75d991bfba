/** A file with invalid lines of every sort, and the lines and reasons it must be reported with. */

export const j = (r: Record<string, unknown>) => JSON.stringify(r);

/** Line numbers are 1-based; line 9 is blank (skipped, still counted as a line number). */
export const FILE = [
  j({ kind: "stage", slug: "seed", name: "Seed", position: 1 }),
  `{"kind": "card", "slug": "broken"`,
  j({ kind: "rocket", slug: "x" }),
  j({ kind: "card", name: "No slug" }),
  j({ kind: "card", slug: "bad-date", name: "Bad date", last_round: "2024-02-30" }),
  j({ kind: "card", slug: "lost", name: "Lost", stage: "nope" }),
  j({ kind: "interaction", card: "lost", participant: "p1", created_at: "2024-01-01T00:00:00Z" }),
  j({ kind: "profile", id: 7, name: "When", created_at: "yesterday" }),
  "",
  j({ kind: "participant_type", slug: "fund", name: "Fund" }),
  j({ kind: "participant", slug: "p1", name: "P1", type: "fund" }),
  j({ kind: "card", slug: "good", name: "Good", stage: "seed", web3: "yes" }),
  j({ kind: "category", slug: "child", name: "Child", parent: "ghost" }),
  j({ kind: "card", slug: "fine", name: "Fine", stage: "seed", categories: ["child"] }),
  j({ kind: "card", slug: "ok", name: "OK", stage: "seed" }),
  j({ kind: "interaction", card: "ok", participant: "p1", created_at: "2024-01-01T00:00:00Z" }),
];

export const EXPECTED: [number, RegExp][] = [
  [2, /^invalid JSON/],
  [3, /^unknown kind "rocket"/],
  [4, /missing required key 'slug'/],
  [5, /'last_round' is not a valid date/],
  [6, /^unknown stage 'nope'$/],
  [7, /card 'lost' is defined only by an invalid line \(line 6\)/],
  [8, /'created_at' is not a valid ISO 8601 datetime/],
  [12, /'web3' expected boolean/],
  [13, /^unknown category 'ghost'$/],
  [14, /category 'child' is defined only by an invalid line \(line 13\)/],
];
