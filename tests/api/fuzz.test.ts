import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../../server/app.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

/** Text a body must never carry: stack frames, SQL, internal error names. */
const LEAK =
  /\bat \S+ \(|node:internal|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error|relation "|ZodError|TypeError|ReferenceError|DrizzleQueryError|PGlite|pg_catalog/i;

const hostile = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose.
    "${7*7}",
    "../../etc/passwd",
    "\u0000",
    "ada\u0000@example.com",
    "\uD800",
    "a\uDC00b",
    "\u202Egnp.exe",
    "\uFEFF",
    "\r\nSet-Cookie: x=1",
    "𝕂𝕖𝕤𝕥𝕣𝕖𝕝 🦅",
    "0x0000000000000000000000000000000000000000",
    APP,
    "",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  // Any UTF-16 code unit, lone surrogates and NUL included.
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostile,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 3 }),
  fc.dictionary(hostile, hostile, { maxKeys: 3 }),
);

const fields = [
  "username",
  "password",
  "password2",
  "first_name",
  "last_name",
  "referral_code",
  "app",
  "csrfToken",
  "address",
  "old_address",
  "remember",
  "name",
  "email",
  "message",
  "access_key",
];

/** Arrays and objects nested from a few levels to far past any recursive walk's stack, within the body limit, as JSON text. */
const nested = fc
  .record({
    levels: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 64, max: 8_000 })),
    opener: fc.constantFrom("[", '{"a":', '{"username":[', '[{"x":'),
    leaf: fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 40 })),
  })
  .map(({ levels, opener, leaf }) => {
    const closer = [...opener]
      .filter((c) => c === "[" || c === "{")
      .map((c) => (c === "[" ? "]" : "}"))
      .reverse()
      .join("");
    const fitting = Math.min(levels, Math.floor((BODY_LIMIT_BYTES - 200) / (opener.length + closer.length)));
    return `${opener.repeat(fitting)}${JSON.stringify(leaf)}${closer.repeat(fitting)}`;
  });

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: fields.length }),
  anyValue,
  nested,
  fc.constantFrom("{", '{"username":', "[]", "null", "not json", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'),
);

const paths = [
  "/api/is-authenticated",
  "/api/signout",
  "/api/dashboard",
  "/api/claim-daily-reward",
  "/api/request-csrftoken",
  "/api/register",
  "/api/signin",
  "/api/dashboard-update-wallet-address",
  `/api/${APP}-price`,
  "/api/contact",
  "/api/nothing-here",
  "/healthz",
  "/readyz",
];

/** A URL cannot carry a lone surrogate (UTF-8 has no bytes for it): it goes as U+FFFD, as a browser would send it. */
const percentEncoded = (value: string) => encodeURIComponent(value.replace(/\p{Cs}/gu, "\uFFFD"));

const query = fc.oneof(
  fc.constant(""),
  fc.constant(`?app=${APP}`),
  fc.constant(`?app=${APP}&page=signin`),
  fc.constant(`?app=${APP}&page=update-wallet-address`),
  hostile.map((value) => `?app=${percentEncoded(value)}&page=${percentEncoded(value)}`),
  fc.constant("?app=kestrel&app=other"),
  fc.constant("?%zz"),
);

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "text/plain",
  "application/xml",
  undefined,
);

describe("fuzzing every API call with 10,000 generated requests", () => {
  const t = useTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: "100000", CONTACT_MESSAGES_PER_IP_PER_HOUR: "100000" } });

  it("never answers 5xx, never leaks internals, and refuses with a 4xx carrying err_msg", async () => {
    const user = await createUser(t.database.db);
    const session = (await signedIn(t.app, user)).cookies.get("session") as string;
    const cookie = fc.oneof(
      fc.constant(undefined),
      fc.constant(`session=${session}`),
      hostile.map((value) => `session=${percentEncoded(value)}`),
      fc.constant(`session=${"A".repeat(43)}`),
      fc.constant("session=;;;=; pre_session=\u00ff"),
      fc.string({ maxLength: 300 }),
    );
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"),
      path: fc.constantFrom(...paths),
      query,
      body,
      contentType,
      cookie,
      fetchSite: fc.constantFrom(undefined, "same-origin", "cross-site", "none"),
    });

    let checked = 0;
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const headers: Record<string, string> = {};
        if (input.contentType) headers["content-type"] = input.contentType;
        if (input.cookie) headers.cookie = input.cookie;
        if (input.fetchSite) headers["sec-fetch-site"] = input.fetchSite;
        const options: InjectOptions = { method: input.method as InjectOptions["method"], url: `${input.path}${input.query}`, headers };
        if (!["GET", "HEAD"].includes(input.method))
          options.payload = typeof input.body === "string" ? input.body : JSON.stringify(input.body);
        const reply = await t.app.inject(options);
        checked++;
        expect(reply.statusCode, `${input.method} ${options.url}`).toBeLessThan(500);
        expect(LEAK.test(reply.body), `${input.method} ${options.url} leaked: ${reply.body.slice(0, 300)}`).toBe(false);
        if (reply.statusCode >= 400 && input.method !== "HEAD" && input.path.startsWith("/api/")) {
          expect(typeof reply.json().err_msg, `${input.method} ${options.url} ${reply.statusCode}: ${reply.body.slice(0, 200)}`).toBe(
            "string",
          );
        }
      }),
      { numRuns: 10_000, seed: Number(process.env.FUZZ_SEED ?? 20261121), endOnFailure: true },
    );
    expect(checked).toBe(10_000);
  }, 600_000);

  it("forms with a valid CSRF token and hostile fields never get a 5xx", async () => {
    const member = await signedIn(t.app, await createUser(t.database.db));
    const visitor = agent(t.app);
    const forms = [
      { method: "POST" as const, url: "/api/signin", who: visitor, token: await visitor.csrf("signin") },
      { method: "POST" as const, url: "/api/register", who: visitor, token: await visitor.csrf("register") },
      {
        method: "PUT" as const,
        url: "/api/dashboard-update-wallet-address",
        who: member,
        token: await member.csrf("update-wallet-address"),
      },
    ];
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...forms),
        fc.dictionary(fc.constantFrom(...fields), hostile, { maxKeys: 6 }),
        async (form, values) => {
          const reply = await form.who.request(form.method, form.url, { payload: { app: APP, ...values, csrfToken: form.token } });
          checked++;
          expect(reply.statusCode, `${form.url} ${JSON.stringify(values).slice(0, 200)}`).toBeLessThan(500);
          expect(LEAK.test(reply.body)).toBe(false);
          if (reply.statusCode >= 400) expect(typeof reply.json().err_msg).toBe("string");
        },
      ),
      { numRuns: 2_000, seed: Number(process.env.FUZZ_SEED ?? 20261122), endOnFailure: true },
    );
    expect(checked).toBe(2_000);
  }, 600_000);
});
