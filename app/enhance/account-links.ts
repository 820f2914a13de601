import { mayBeSignedIn, rememberedAuthStatus, storeAuthStatus } from "../features/auth/auth-hint.ts";
import { COMING_SOON, signupsComingSoon } from "../features/auth/coming-soon.ts";
import { signOut } from "../lib/api-request.ts";
import { showNotice } from "./notice.ts";

function item(child: HTMLElement): HTMLLIElement {
  const li = document.createElement("li");
  li.append(child);
  return li;
}

function link(href: string, text: string, className: string): HTMLAnchorElement {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.className = className;
  anchor.textContent = text;
  return anchor;
}

/**
 * The footer's Rewards links, as AccountLinks draws them on the guides: a
 * member this visit already knows gets Dashboard, Account and Logout; a
 * visitor gets Login and Register, which say "Coming soon" while sign-ups are.
 * No call is made to find out, as on the React guide pages.
 */
export function enhanceAccountLinks(): void {
  const login = document.querySelector<HTMLAnchorElement>('footer a[href="/login"]');
  const list = login?.closest("ul");
  if (!login || !list) return;
  const signedIn = mayBeSignedIn() && rememberedAuthStatus() === "authenticated";

  if (signedIn) {
    const logout = document.createElement("button");
    logout.type = "button";
    logout.className = login.className;
    logout.textContent = "Logout";
    logout.addEventListener("click", async () => {
      if (!(await signOut()).ok) return;
      storeAuthStatus("anonymous");
      window.location.assign("/login");
    });
    list.replaceChildren(
      item(link("/dashboard", "Dashboard", login.className)),
      item(link("/account", "Account", login.className)),
      item(logout),
    );
    return;
  }
  if (!signupsComingSoon(false)) return;
  list.addEventListener("click", (event) => {
    if (!(event.target as Element).closest('a[href="/login"], a[href="/register"]')) return;
    event.preventDefault();
    showNotice(COMING_SOON);
  });
}
