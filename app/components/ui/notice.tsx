import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { NOTICE_MS } from "../../lib/timings.ts";

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
      <div className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4">
        {notice ? (
          <div
            key={notice.id}
            role="alert"
            className="pointer-events-auto flex items-center gap-4 rounded-xl bg-ink-900 px-5 py-3 text-base font-semibold text-white shadow-lg"
          >
            <span>{notice.message}</span>
            <button
              type="button"
              onClick={() => setNotice(null)}
              className="rounded-full px-2 text-xl leading-none text-white/80 hover:text-white"
              aria-label="Dismiss"
            >
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
