"use client";

import type { FormEvent, FormHTMLAttributes } from "react";
import { useHydrated } from "./use-browser-store";

type TClientFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "action" | "method" | "onSubmit"> & {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
};

/**
 * A form that only the page's script can handle (its `onSubmit` calls the API). Until the page has
 * hydrated, its fields and buttons are disabled: before that, a submit would reload the page
 * instead, and what was typed would be gone. Forms that work without the script (server actions,
 * plain POST forms) stay plain `<form>`s.
 */
export function ClientForm({ children, className, ...rest }: TClientFormProps) {
  const hydrated = useHydrated();
  // The fieldset is the form's box (`className` styles it): its own default minimum width would
  // otherwise widen a narrow screen's layout.
  return (
    <form {...rest}>
      <fieldset disabled={!hydrated} className={className ? `min-w-0 ${className}` : "min-w-0"}>
        {children}
      </fieldset>
    </form>
  );
}
