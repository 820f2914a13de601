import type { PageVisitBody, QuestOffer } from "../../common/api/quests.ts";
import { mayBeSignedIn } from "../features/auth/auth-status.ts";
import { request } from "../lib/api-request.ts";
import { site } from "../site.ts";
import { showNotice } from "./notice.ts";

const appQuery = `app=${encodeURIComponent(site.token.slug)}`;

async function tell(kind: "visit" | "read", page: string): Promise<void> {
  const csrf = await request<{ csrf_token?: string }>(`/api/request-csrftoken?${appQuery}&page=quests`);
  if (!csrf.ok || !csrf.body?.csrf_token) return;
  const body: PageVisitBody = { app: site.token.slug, csrfToken: csrf.body.csrf_token, kind, page };
  const credited = await request<{ title: string; xp: number }>("/api/quests/visits", { method: "POST", body: JSON.stringify(body) });
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
  const offer = await request<QuestOffer>(`/api/quests/offer?${appQuery}`);
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
