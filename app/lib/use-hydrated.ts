import { useEffect, useState } from "react";

/** False in the prerendered HTML and until React takes over (a form's SubmitButton stays disabled until then). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
