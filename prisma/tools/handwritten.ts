/**
 * Objects Prisma cannot model are written by hand in migrations and named `vm_*`. The engine sees
 * some of them (indexes) and proposes to drop them; those steps are not drift.
 *
 * A diff script is a list of steps, each a `-- StepKind` line followed by its SQL, possibly after
 * a block comment of warnings. Steps whose SQL names a quoted `"vm_…"` identifier are removed.
 */

const STEP_START = /^(?=-- [A-Za-z]+$)/m;
const HANDWRITTEN_NAME = /"vm_[^"]*"/;

/** The script without the steps about hand-written objects; "" when no step is left. */
export function withoutHandwritten(script: string): string {
  const first = script.search(STEP_START);
  if (first < 0) return "";
  const kept = script
    .slice(first)
    .split(STEP_START)
    .filter((step) => !HANDWRITTEN_NAME.test(step));
  if (kept.length === 0) return "";
  return [script.slice(0, first), ...kept].join("").trim() + "\n";
}
