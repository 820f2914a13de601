import { useEffect, useState } from "react";

/** The `?token=` of a link from an email, read after hydration (the page is prerendered without it); null when absent. */
export function useLinkToken(): { ready: boolean; token: string | null } {
  const [state, setState] = useState<{ ready: boolean; token: string | null }>({ ready: false, token: null });
  useEffect(() => {
    setState({ ready: true, token: new URLSearchParams(window.location.search).get("token") });
  }, []);
  return state;
}
