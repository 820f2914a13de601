import type { Page } from "@playwright/test";
import type { CsrfPage } from "../../../common/api/auth.ts";

/** The page's requests for a CSRF token of `csrfPage`, as they are made: how many times a screen asked for one. */
export function csrfTokenRequests(page: Page, csrfPage: CsrfPage): string[] {
  const requests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/request-csrftoken" && url.searchParams.get("page") === csrfPage) requests.push(request.url());
  });
  return requests;
}
