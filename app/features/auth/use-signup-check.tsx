import site from "virtual:site-config";
import type { WidgetMethods } from "altcha/types";
import type {} from "altcha/types/react";
import { useCallback, useEffect, useRef, useState } from "react";

type Widget = HTMLElement & WidgetMethods;
export type SignupCheckStatus = "checking" | "done" | "failed";

export const SIGNUP_CHECK_TEXT: Record<SignupCheckStatus, string> = {
  checking: "Checking your browser… (a few seconds)",
  done: "Browser check done.",
  failed: "The browser check could not finish. Check your connection, then send the form to try again.",
};

/**
 * The sign-up proof of work: the ALTCHA widget solves its challenge in the
 * background as soon as the form shows, so a person is asked for nothing.
 * `payload()` waits for that same work when the form is sent before it is
 * done; starting a second run would abort the first, whose abort the widget
 * reports as an error while the second still works. It starts again only
 * after the work really stopped: a failure, or an expired challenge.
 */
export function useSignupCheck() {
  const widget = useRef<Widget>(null);
  const solved = useRef<string | null>(null);
  const widgetState = useRef("unverified");
  const waiters = useRef<((payload: string | null) => void)[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [status, setStatus] = useState<SignupCheckStatus>("checking");
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    let live = true;
    import("./altcha-widget.ts").then(
      () => live && setLoaded(true),
      () => live && setStatus("failed"),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const settle = (payload: string | null) => {
      for (const resolve of waiters.current.splice(0)) resolve(payload);
    };
    const onChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      widgetState.current = state;
      solved.current = state === "verified" ? payload : null;
      if (state === "expired") {
        // A challenge lives ten minutes: a form left open that long gets a fresh one, still "checking".
        void element.verify().catch(() => null);
        return;
      }
      if (state === "verified") settle(payload);
      if (state === "error") settle(null);
      setStatus(state === "verified" ? "done" : state === "error" ? "failed" : "checking");
    };
    element.addEventListener("statechange", onChange);
    return () => element.removeEventListener("statechange", onChange);
  }, [loaded]);

  const payload = useCallback(async (): Promise<string | undefined> => {
    if (solved.current) return solved.current;
    setWaiting(true);
    try {
      const result = new Promise<string | null>((resolve) => waiters.current.push(resolve));
      if (widgetState.current === "error" && widget.current) {
        setStatus("checking");
        void widget.current.verify().catch(() => null);
      }
      return (await result) ?? undefined;
    } finally {
      setWaiting(false);
    }
  }, []);

  /** After a refusal: a solution is good once, so the next try starts a fresh one. */
  const reset = useCallback(() => {
    solved.current = null;
    setStatus("checking");
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

  return { element, status, statusText: SIGNUP_CHECK_TEXT[status], waiting, payload, reset };
}
