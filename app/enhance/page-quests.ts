import { mayBeSignedIn } from "../features/auth/auth-status.ts";
import { call } from "../lib/api-call.ts";
import { showNotice } from "./notice.ts";

async function tell(kind: "visit" | "read", page: string): Promise<void> {
  const csrf = await call("GET /api/request-csrftoken", { query: { page: "quests" } });
  if (!csrf.ok || !csrf.body?.csrf_token) return;
  const credited = await call("POST /api/quests/visits", { body: { csrfToken: csrf.body.csrf_token, kind, page } });
  if (credited.ok && credited.body && credited.body.xp > 0) showNotice(`Quest done: ${credited.body.title}. +${credited.body.xp} XP.`);
}

/**
 * A signed-in member's visit and read quests on this page: a visit is told on
 * opening, a read once the article's last part has been on screen. The server
 * pays XP only, once per period, and only for the quests it lists.
 */
export async function enhancePageQuests(): Promise<void> {
  if (!mayBeSignedIn()) return;
  const page = window.location.pathname.replace(/\/+$/, "") || "/";
  const offer = await call("GET /api/quests/offer");
  const quests = offer.body?.quests.filter((quest) => quest.page === page) ?? [];
  if (quests.some((quest) => quest.kind === "visit")) await tell("visit", page);
  const end = document.querySelector("main article")?.lastElementChild;
  if (!end || !quests.some((quest) => quest.kind === "read")) return;
  const watcher = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    watcher.disconnect();
    void tell("read", page);
  });
  watcher.observe(end);
}
