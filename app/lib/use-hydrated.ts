import { useEffect, useState } from "react";

/** False in the prerendered HTML and until React takes over; forms stay disabled until then so nothing is submitted natively. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
