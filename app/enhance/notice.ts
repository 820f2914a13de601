import { NOTICE_LOOK } from "../components/ui/notice-look.ts";
import { NOTICE_MS } from "../lib/timings.ts";

/** A short message on an article (account deleted): announced (role="alert"), dismissed by its button, Escape or time. */
export function showNotice(message: string): void {
  document.querySelector("[data-notice]")?.remove();
  const holder = document.createElement("div");
  holder.dataset.notice = "";
  holder.className = NOTICE_LOOK.holder;
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.className = NOTICE_LOOK.alert;
  const text = document.createElement("span");
  text.textContent = message;
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.setAttribute("aria-label", "Dismiss");
  dismiss.className = NOTICE_LOOK.dismiss;
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
