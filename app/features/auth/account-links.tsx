import type { MouseEvent } from "react";
import { href, NavLink, useNavigate } from "react-router";
import { ACCOUNT_PATHS } from "../../account-paths.ts";
import { call } from "../../lib/api-call.ts";
import { LOGOUT_LABEL, MEMBER_LINKS, VISITOR_LINKS } from "./account-link-list.ts";
import { type AuthStatus, learnAuthStatus } from "./auth-status.ts";
import { signupsComingSoon } from "./coming-soon.ts";

/**
 * The pop-up's code loads on the first click that shows it, so the pages that only might show it do not carry it
 * (decision 066). Should it fail to load, the link goes where it points.
 */
function showComingSoonOnDemand(opener: HTMLElement): void {
  import("./coming-soon-popup.ts").then(
    ({ showComingSoon }) => showComingSoon(opener),
    () => {
      if (opener instanceof HTMLAnchorElement) window.location.assign(opener.href);
    },
  );
}

/** While sign-ups are "coming soon", account links tell anonymous visitors so, with the waitlist, instead of navigating. */
export function useComingSoonGuard(status: AuthStatus): (event: MouseEvent) => void {
  return (event) => {
    if (signupsComingSoon(status === "authenticated")) {
      event.preventDefault();
      showComingSoonOnDemand(event.currentTarget as HTMLElement);
    }
  };
}

/** Login and Register for visitors; Dashboard, Account and Logout once signed in; the current page is marked (aria-current). */
export function AccountLinks({ status, linkClassName }: { status: AuthStatus; linkClassName: string }) {
  const navigate = useNavigate();
  const guard = useComingSoonGuard(status);

  if (status === "authenticated") {
    const logout = async () => {
      const result = await call("GET /api/signout");
      if (result.ok) {
        learnAuthStatus("anonymous");
        navigate(href(ACCOUNT_PATHS.login));
      }
    };
    return (
      <>
        {MEMBER_LINKS.map(({ path, label }) => (
          <li key={path}>
            <NavLink to={href(path)} className={linkClassName}>
              {label}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" onClick={logout} className={linkClassName}>
            {LOGOUT_LABEL}
          </button>
        </li>
      </>
    );
  }
  return (
    <>
      {VISITOR_LINKS.map(({ path, label }) => (
        <li key={path}>
          <NavLink to={href(path)} onClick={guard} className={linkClassName}>
            {label}
          </NavLink>
        </li>
      ))}
    </>
  );
}
