/**
 * Which specs depend on the database under the server. `npm test` runs every spec on whichever
 * database it tests; with `E2E_SCOPE=database` (the PostgreSQL run of `.ci/run`, beside the
 * embedded run of the whole suite) Playwright runs the `database` specs only.
 *
 * - `database`: what a spec shows depends on what the database stores, locks, counts or keeps
 *   apart: isolation between accounts and teams, sessions, sign-in counters, tokens, the job
 *   queue (notifications, e-mail, webhooks, radar), persistence of edits, the change feed, saved
 *   filters and aggregates.
 * - `browser`: the page itself (layout at 390 px, titles, keyboard, hydration, the Content
 *   Security Policy, redirects, body limits, wording), over reads the unit suite already runs on
 *   both databases.
 *
 * Every spec is in exactly one list (tests/tooling/e2e-scopes.test.ts).
 */
export const E2E_SCOPES = {
  database: [
    "alert-mail",
    "card-breakdown",
    "card-team",
    "cards",
    "filter-refused",
    "folders",
    "foundation",
    "global-search",
    "isolation",
    "mcp",
    "mcp-sdk-auth",
    "mention-autocomplete",
    "notification-mail",
    "notifications",
    "oauth",
    "password-reset",
    "radar",
    "saved-filter-edits",
    "signin-limit",
    "signout",
    "team-actions",
    "team-activity",
    "team-invitation-notify",
    "team-isolation",
    "teams",
    "webhooks",
  ],
  browser: [
    "auth-base-url",
    "card-links",
    "demo-workspace",
    "docs",
    "edge-limits",
    "folder-picker",
    "founders",
    "hydration",
    "loop-entry",
    "loop-filters",
    "loop-records",
    "participants",
    "settings",
    "signin-redirect",
    "stage-or-round",
    "table-density",
    "titles",
    "wording",
    "workspace",
  ],
} as const;

export type TE2eScope = keyof typeof E2E_SCOPES;

/** The spec files of a scope, as Playwright's `testMatch` takes them. */
export const specsOf = (scope: TE2eScope): string[] => E2E_SCOPES[scope].map((name) => `**/e2e/${name}.spec.ts`);
