/**
 * The only place in the app that calls fetch. Every call of the spec's API is
 * a function in app/lib/api/<area>.ts (or here), typed by the schemas in common/api
 * that the server validates with; each answers `{ ok, status, body }` and
 * never throws on an HTTP error, so screens decide what a status means.
 */
export type ApiResult<T> = { ok: boolean; status: number; body: T | null };

export async function request<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      credentials: "same-origin",
      ...init,
      headers: {
        accept: "application/json",
        ...(init.body && typeof init.body === "string" ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
    });
    const isJson = response.headers.get("content-type")?.includes("application/json");
    const body = isJson ? ((await response.json()) as T) : null;
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/** Kept beside `request`, apart from the schemas, so the prerendered articles can ask and sign out without loading them. */
export function isAuthenticated(): Promise<ApiResult<unknown>> {
  return request("/api/is-authenticated");
}

export function signOut(): Promise<ApiResult<unknown>> {
  return request("/api/signout");
}
