"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

type TToastTone = "success" | "error" | "info";

interface TToast {
  id: number;
  tone: TToastTone;
  message: string;
}

type TShowToast = (message: string, tone?: TToastTone) => void;

const ToastContext = createContext<TShowToast | null>(null);

/** How long a toast stays; an error stays until dismissed. */
const VISIBLE_MS = 5_000;
const TONES = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-rose-300 bg-rose-50 text-rose-900",
  info: "border-slate-300 bg-white text-slate-800",
} as const;

/**
 * Confirms what an action did ("Filter saved", "Folder deleted") in one place for the whole
 * workspace: bottom-right on a wide screen, bottom edge on a phone. Announced politely to screen
 * readers (an error at once); each can be dismissed, and only the last three are shown.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<TToast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<TShowToast>((message, tone = "success") => {
    const id = next.current++;
    setToasts((all) => [...all.slice(-2), { id, tone, message }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="pointer-events-none fixed inset-x-2 bottom-2 z-50 flex flex-col items-end gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4">
        <div aria-live="polite" className="flex w-full flex-col items-end gap-2 sm:w-auto">
          {toasts
            .filter((t) => t.tone !== "error")
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
        <div aria-live="assertive" className="flex w-full flex-col items-end gap-2 sm:w-auto">
          {toasts
            .filter((t) => t.tone === "error")
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: TToast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.tone === "error") return;
    const timer = setTimeout(() => onDismiss(toast.id), VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded border px-3 py-2 text-sm shadow-md ${TONES[toast.tone]}`}
      data-testid="toast"
      data-tone={toast.tone}
    >
      <p className="flex-1">{toast.message}</p>
      <button type="button" className="text-xs underline" onClick={() => onDismiss(toast.id)} aria-label={`Dismiss: ${toast.message}`}>
        Dismiss
      </button>
    </div>
  );
}

/** The workspace's toast: `toast("Filter saved")`, `toast("Could not save", "error")`. */
export function useToast(): TShowToast {
  const show = useContext(ToastContext);
  return useMemo(() => show ?? (() => undefined), [show]);
}
