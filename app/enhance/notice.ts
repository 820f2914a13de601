import { NOTICE_MS } from "../lib/timings.ts";

/** The NoticeProvider's message, for pages without React: announced (role="alert"), dismissed by its button, Escape or time. */
export function showNotice(message: string): void {
  document.querySelector("[data-notice]")?.remove();
  const holder = document.createElement("div");
  holder.dataset.notice = "";
  holder.className = "pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4";
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.className =
    "pointer-events-auto flex items-center gap-4 rounded-xl bg-ink-900 px-5 py-3 text-base font-semibold text-white shadow-lg";
  const text = document.createElement("span");
  text.textContent = message;
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.setAttribute("aria-label", "Dismiss");
  dismiss.className = "rounded-full px-2 text-xl leading-none text-white/80 hover:text-white";
  dismiss.textContent = "×";
  alert.append(text, dismiss);
  holder.append(alert);
  document.body.append(holder);

  const close = () => {
    holder.remove();
    clearTimeout(timer);
    window.removeEventListener("keydown", onKey);
  };
  const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
  const timer = setTimeout(close, NOTICE_MS);
  dismiss.addEventListener("click", close);
  window.addEventListener("keydown", onKey);
}
