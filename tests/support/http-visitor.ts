/**
 * A visitor over real HTTP (fetch) with a cookie jar, so one visitor can talk
 * to several server instances: cookies, like a browser's, ignore the port.
 */
export function httpVisitor() {
  const cookies = new Map<string, string>();
  async function request(
    url: string,
    init: RequestInit = {},
  ): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, {
      ...init,
      headers: {
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      const expired = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute)) || value === "";
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.trim());
    }
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { text };
    }
    return { status: response.status, headers: response.headers, body };
  }
  return {
    cookies,
    get: (url: string) => request(url),
    post: (url: string, payload: unknown) => request(url, { method: "POST", body: JSON.stringify(payload) }),
    put: (url: string, payload: unknown) => request(url, { method: "PUT", body: JSON.stringify(payload) }),
  };
}
