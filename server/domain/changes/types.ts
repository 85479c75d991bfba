/** The kinds of rows the change feed follows (feed.ts), in their order inside one transaction. */
export const CHANGE_TYPES = ["card", "participant", "interaction"] as const;
export type TChangeType = (typeof CHANGE_TYPES)[number];
