import { call } from "../../lib/api-call.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { COMING_SOON } from "./coming-soon.ts";

const POPUP_ID = "coming-soon";
const EMAIL_ID = "coming-soon-email";
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | boolean | number> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** The opener if it can still be seen; a link in the phone menu, which has just closed, hands over to the menu button. */
function visibleOpener(opener: HTMLElement): HTMLElement | null {
  if (opener.isConnected && opener.checkVisibility()) return opener;
  const menu = opener.closest<HTMLElement>("[id]");
  return menu ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) : null;
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

async function joinWaitlist(email: string): Promise<{ ok: boolean; message: string }> {
  const csrf = await call("GET /api/request-csrftoken", { query: { page: "waitlist" } });
  if (!csrf.body?.csrf_token) return { ok: false, message: csrf.body?.err_msg ?? UNREACHABLE };
  const joined = await call("POST /api/waitlist", { body: { email, csrfToken: csrf.body.csrf_token } });
  return joined.ok ? { ok: true, message: joined.body?.suc_msg ?? "" } : { ok: false, message: joined.body?.err_msg ?? UNREACHABLE };
}

/**
 * "Coming soon", the seed's alert when sign-ups are closed, with a next step:
 * the waitlist's form. It is a pop-up, not a modal: it stays until dismissed
 * (a form must not vanish on a timer), sits at the bottom of the window, or
 * at the top when it would cover what opened it, and gives focus back on
 * closing. React pages and the articles' script both show this one.
 */
export function showComingSoon(opener: HTMLElement | null): void {
  document.getElementById(POPUP_ID)?.remove();
  const dismiss = element("button", {
    type: "button",
    className: "-mt-1 -mr-2 rounded-full px-2 text-2xl leading-none text-ink-700 hover:bg-sand-100",
    textContent: "×",
  });
  dismiss.setAttribute("aria-label", "Dismiss");
  const input = element("input", {
    id: EMAIL_ID,
    type: "email",
    name: "email",
    autocomplete: "email",
    required: true,
    className: "field-input",
  });
  input.inputMode = "email";
  const submit = element("button", { type: "submit", className: "btn-primary shrink-0" }, "Join the waitlist");
  const problem = element("p", { className: "text-sm font-medium text-danger-700" });
  problem.id = `${EMAIL_ID}-problem`;
  const form = element(
    "form",
    { noValidate: true, className: "mt-3 space-y-2" },
    element("label", { htmlFor: EMAIL_ID, className: "field-label" }, "Email"),
    element("div", { className: "flex flex-wrap gap-2 sm:flex-nowrap" }, input, submit),
    problem,
  );
  const alert = element("p", { className: "text-lg font-bold" }, COMING_SOON);
  alert.setAttribute("role", "alert");
  alert.id = `${POPUP_ID}-title`;
  const box = element(
    "section",
    {
      tabIndex: -1,
      className: "pointer-events-auto w-full max-w-md rounded-2xl border border-sand-200 bg-surface p-5 text-ink-900 shadow-2xl",
    },
    element("div", { className: "flex items-start justify-between gap-4" }, alert, dismiss),
    element(
      "p",
      { className: "mt-1 text-base text-ink-800" },
      "Sign-ups are not open yet. Leave your email and we will write to you once, when they open.",
    ),
    form,
  );
  box.setAttribute("aria-labelledby", alert.id);
  box.dataset.popup = "";
  const holder = element(
    "div",
    { id: POPUP_ID, className: "pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4" },
    box,
  );
  document.body.append(holder);

  const returnTo = opener ? visibleOpener(opener) : null;
  // Moved to the top when it would hide the button or link that opened it (the footer's, say).
  const openerBox = returnTo?.getBoundingClientRect();
  if (openerBox && overlaps(box.getBoundingClientRect(), openerBox)) holder.classList.replace("bottom-6", "top-24");
  box.focus();

  const close = () => {
    holder.remove();
    window.removeEventListener("keydown", onKey);
    (opener ? visibleOpener(opener) : null)?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") close();
  };
  window.addEventListener("keydown", onKey);
  dismiss.addEventListener("click", close);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    submit.textContent = "Sending…";
    const result = await joinWaitlist(input.value);
    submit.disabled = false;
    submit.textContent = "Join the waitlist";
    if (result.ok) {
      const done = element("p", { className: "mt-3 text-base font-medium text-success-700" }, result.message);
      done.setAttribute("role", "status");
      form.replaceWith(done);
      return;
    }
    problem.textContent = result.message;
    problem.setAttribute("role", "alert");
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", problem.id);
    input.focus();
  });
}
