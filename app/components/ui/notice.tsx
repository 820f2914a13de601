import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { NOTICE_MS } from "../../lib/timings.ts";
import { NOTICE_LOOK } from "./notice-look.ts";

type NoticeContextValue = { showNotice: (message: string) => void };

const NoticeContext = createContext<NoticeContextValue>({ showNotice: () => {} });

/** A short message announced to everyone (role="alert"), such as "Coming soon". */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<{ message: string; id: number } | null>(null);
  const showNotice = useCallback((message: string) => setNotice({ message, id: Date.now() }), []);
  const value = useMemo(() => ({ showNotice }), [showNotice]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setNotice(null);
    window.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
    };
  }, [notice]);

  return (
    <NoticeContext.Provider value={value}>
      {children}
      <div className={NOTICE_LOOK.holder}>
        {notice ? (
          <div key={notice.id} role="alert" className={NOTICE_LOOK.alert}>
            <span>{notice.message}</span>
            <button type="button" onClick={() => setNotice(null)} className={NOTICE_LOOK.dismiss} aria-label="Dismiss">
              ×
            </button>
          </div>
        ) : null}
      </div>
    </NoticeContext.Provider>
  );
}

export function useNotice(): NoticeContextValue {
  return useContext(NoticeContext);
}
