import type { Page } from "@playwright/test";
import { CSRF_HEADER } from "../../../common/api/admin.ts";
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

/**
 * The first POST to `url` goes to the server with a token it no longer takes (as from a tab left open past the
 * token's life), in the body's `csrfToken` or in the console's header; the rest go as the page sent them.
 * Returns the statuses the server gave the altered sendings.
 */
export async function sendFirstWithStaleToken(page: Page, url: string, where: "body" | "header"): Promise<number[]> {
  const stale = "1.stale.token";
  const refused: number[] = [];
  await page.route(url, async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || refused.length > 0) return route.continue();
    const response = await route.fetch(
      where === "body"
        ? { postData: JSON.stringify({ ...(request.postDataJSON() as object), csrfToken: stale }) }
        : { headers: { ...request.headers(), [CSRF_HEADER]: stale } },
    );
    refused.push(response.status());
    return route.fulfill({ response });
  });
  return refused;
}
