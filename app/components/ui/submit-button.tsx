import type { ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { NeedsJavaScript } from "./needs-javascript.tsx";

/**
 * The submit button of a form on a prerendered page. The form sends through
 * the API, so the button stays disabled until React has taken over: a native
 * submission would send the fields to the page's own address and lose them.
 * Where scripts do not run, it says why.
 */
export function SubmitButton({ className, disabled = false, children }: { className: string; disabled?: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <>
      <button type="submit" className={className} disabled={!hydrated || disabled}>
        {children}
      </button>
      <NeedsJavaScript what="form" />
    </>
  );
}
