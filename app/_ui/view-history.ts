"use client";

/**
 * A page's view changes (its query string: filters, sort, page) written to the browser's history
 * without a server render of the same page.
 *
 * `history.pushState` and `replaceState` are the App Router's own way to change the URL without a
 * navigation: it follows them (`useSearchParams` answers the new query at once) and asks the server
 * for nothing, since the page's data comes from its own queries keyed by the query string. What it
 * stores with such an entry is the tree it had rendered when the entry was written. Traversing back
 * to one of these entries from a reloaded document, the router restores that older tree for the
 * entry's URL and then stops following the URL (reproduced with Next 16.4: after a reload, Back
 * twice, then a change, the URL changed and the page did not). So Back and Forward between view
 * entries of the page on screen do what a change does: the entry's URL is applied to the router's
 * current tree, as a push would apply it. An entry of another page, or one written by an earlier
 * document, is a navigation of the router's own (`navigate`), as a link to it would be.
 */

/** The key a view entry carries in its history state: the id of the document that wrote it. */
const VIEW_ENTRY = "__vmView";

/** This document's id: view entries written before a reload carry another one. */
const documentId = Math.random().toString(36).slice(2);

interface TTracked {
  /** The path of the page whose view changes are written here. */
  pathname: string;
  /** The router's own history state for the page on screen (its rendered tree), as last seen. */
  routerState: unknown;
  /** A navigation of the router's own to a URL (router.replace). */
  navigate: (url: string) => void;
}

let tracked: TTracked | undefined;
let listening = false;

const isViewEntry = (state: unknown): state is Record<string, unknown> =>
  typeof state === "object" && state !== null && VIEW_ENTRY in state;

function onPopState(event: PopStateEvent) {
  if (!tracked || !isViewEntry(event.state)) return;
  // The router's own listener does not see this traversal.
  event.stopImmediatePropagation();
  const here = window.location.pathname + window.location.search;
  if (event.state[VIEW_ENTRY] !== documentId || window.location.pathname !== tracked.pathname) {
    tracked.navigate(here);
    return;
  }
  // The entry takes the router's current tree (passed through as the router's own state), then
  // the router applies the entry's URL to it, as it does for a push.
  window.history.replaceState({ ...(tracked.routerState as object), [VIEW_ENTRY]: documentId }, "", here);
  window.history.replaceState({ [VIEW_ENTRY]: documentId }, "", here);
}

/**
 * Called by a page that writes its view to the URL, after each render: the page on screen, the
 * router's state for it and a way to navigate. Installs the traversal listener once per document,
 * in the capture phase so that it runs before the router's.
 */
export function trackView(pathname: string, navigate: (url: string) => void): void {
  const routerState: unknown = window.history.state;
  tracked = { pathname, routerState: isViewEntry(routerState) ? withoutViewKey(routerState) : routerState, navigate };
  if (listening) return;
  listening = true;
  window.addEventListener("popstate", onPopState, { capture: true });
}

function withoutViewKey(state: Record<string, unknown>): Record<string, unknown> {
  const { [VIEW_ENTRY]: _, ...rest } = state;
  return rest;
}

/** Writes a view change: a new history entry, or the current one replaced. */
export function writeView(url: string, replace: boolean): void {
  const data = { [VIEW_ENTRY]: documentId };
  if (replace) window.history.replaceState(data, "", url);
  else window.history.pushState(data, "", url);
}
