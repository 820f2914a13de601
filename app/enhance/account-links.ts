import { ACCOUNT_PATHS } from "../account-paths.ts";
import { LOGOUT_LABEL, MEMBER_LINKS } from "../features/auth/account-link-list.ts";
import { type AuthStatus, checkAuthStatus, knownAuthStatus, learnAuthStatus } from "../features/auth/auth-status.ts";
import { signupsComingSoon } from "../features/auth/coming-soon.ts";
import { showComingSoon } from "../features/auth/coming-soon-popup.ts";
import { call } from "../lib/api-call.ts";

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

/** Replaces Login and Register in one list with Dashboard, Account and Logout, styled as the list's own links. */
function showMemberLinks(login: HTMLAnchorElement): void {
  const register = login.closest("li")?.nextElementSibling;
  const logout = document.createElement("button");
  logout.type = "button";
  logout.className = login.className;
  logout.textContent = LOGOUT_LABEL;
  logout.addEventListener("click", async () => {
    if (!(await call("GET /api/signout")).ok) return;
    learnAuthStatus("anonymous");
    window.location.assign(ACCOUNT_PATHS.login);
  });
  register?.remove();
  login.closest("li")?.replaceWith(...MEMBER_LINKS.map(({ path, label }) => item(link(path, label, login.className))), item(logout));
}

/**
 * The guides make no call and use what the visit already learned; the other articles ask the server, once per page
 * load, when the hint cookie is there: the navigation and the earn page's member panel share the one answer.
 */
export function visitorStatus(check: boolean): Promise<AuthStatus> {
  return check ? checkAuthStatus() : Promise.resolve(knownAuthStatus());
}

/**
 * The account links of the navigation and the footer, as AccountLinks draws
 * them: a member gets Dashboard, Account and Logout; a visitor gets Login and
 * Register, which say "Coming soon" while sign-ups are, like every other
 * Login and Register link on the page.
 */
export async function enhanceAccountLinks(): Promise<void> {
  const logins = [...document.querySelectorAll<HTMLAnchorElement>(`a[href="${ACCOUNT_PATHS.login}"]`)].filter((login) =>
    login.closest("header, footer"),
  );
  if (logins.length === 0) return;
  const signedIn = (await visitorStatus(document.querySelector("header[data-scrolled]") !== null)) === "authenticated";
  if (signedIn) {
    for (const login of logins) showMemberLinks(login);
    return;
  }
  if (!signupsComingSoon(false)) return;
  // Every Login and Register link of the page, as on the React pages (navigation, footer, the earn page's buttons).
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLElement>(`a[href="${ACCOUNT_PATHS.login}"], a[href="${ACCOUNT_PATHS.register}"]`);
    if (!link) return;
    event.preventDefault();
    showComingSoon(link);
  });
}
