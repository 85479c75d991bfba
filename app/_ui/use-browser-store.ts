"use client";

import { useSyncExternalStore } from "react";

/**
 * Values that exist only in the browser (its storage, whether the page has hydrated), read through
 * React's external-store hook: the server and the hydrating render see the server value, then the
 * browser's, with no effect that sets state after mount.
 */

type TArea = "localStorage" | "sessionStorage";

const listeners = new Set<() => void>();
/** What was written but could not be stored (storage full or disabled): it lasts for this page. */
const unstored = new Map<string, string>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function read(area: TArea, key: string): string | null {
  const memory = unstored.get(`${area}:${key}`);
  if (memory !== undefined) return memory;
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

/** The string stored under `key` (null on the server, before hydration and when absent), and its setter. */
export function useStoredString(area: TArea, key: string): [string | null, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(area, key),
    () => null,
  );
  const write = (next: string) => {
    try {
      window[area].setItem(key, next);
      unstored.delete(`${area}:${key}`);
    } catch {
      unstored.set(`${area}:${key}`, next);
    }
    for (const listener of listeners) listener();
  };
  return [value, write];
}

const noSubscription = () => () => {};

/** False on the server and during hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
