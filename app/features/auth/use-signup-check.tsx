import site from "virtual:site-config";
import type { WidgetMethods } from "altcha/types";
import type {} from "altcha/types/react";
import { useCallback, useEffect, useRef, useState } from "react";

type Widget = HTMLElement & WidgetMethods;
export type SignupCheckStatus = "loading" | "verifying" | "verified" | "error";

const STATUS_TEXT: Record<SignupCheckStatus, string> = {
  loading: "Preparing a quick check of this browser…",
  verifying: "Checking this browser before sign-up (nothing for you to do)…",
  verified: "Browser check done.",
  error: "The browser check could not finish. Send the form to try again.",
};

/**
 * The sign-up proof of work: the ALTCHA widget solves its challenge in the
 * background as soon as the form shows, so a person is asked for nothing.
 * `payload()` waits for the work when the form is sent before it is done.
 */
export function useSignupCheck() {
  const widget = useRef<Widget>(null);
  const solved = useRef<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [status, setStatus] = useState<SignupCheckStatus>("loading");

  useEffect(() => {
    let live = true;
    import("./altcha-widget.ts").then(
      () => live && setLoaded(true),
      () => live && setStatus("error"),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const onChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      solved.current = state === "verified" ? payload : null;
      setStatus(state === "verified" ? "verified" : state === "error" || state === "expired" ? "error" : "verifying");
    };
    element.addEventListener("statechange", onChange);
    return () => element.removeEventListener("statechange", onChange);
  }, [loaded]);

  const payload = useCallback(async (): Promise<string | undefined> => {
    if (solved.current) return solved.current;
    const result = await widget.current?.verify().catch(() => null);
    return result?.payload ?? undefined;
  }, []);

  /** After a refusal: a solution is good once, so the next try starts a fresh one. */
  const reset = useCallback(() => {
    solved.current = null;
    widget.current?.reset();
    void widget.current?.verify().catch(() => null);
  }, []);

  const element = loaded ? (
    <altcha-widget
      ref={widget}
      challenge={`/api/altcha-challenge?app=${encodeURIComponent(site.token.slug)}`}
      auto="onload"
      display="invisible"
      configuration={JSON.stringify({ humanInteractionSignature: false, hideFooter: true, hideLogo: true })}
    />
  ) : null;

  return { element, status, statusText: STATUS_TEXT[status], payload, reset };
}
