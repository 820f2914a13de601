import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SERVER_ERROR_MESSAGE } from "../../server/plugins/errors.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("health, errors and the API's 404", () => {
  const t = useTestApp({
    extraRoutes: (app) => {
      app.get("/api/test-failure", async () => {
        throw new Error('relation "users" does not exist: SELECT password_hash FROM users');
      });
    },
  });

  it("answers /healthz while the process is up", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz once the database is reachable and migrated", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz with 503 when a migration is missing", async () => {
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const reply = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ status: "unavailable" });
  });

  it("hides the details of a server error behind a plain err_msg", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/test-failure" });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ err_msg: SERVER_ERROR_MESSAGE });
    expect(reply.body).not.toMatch(/SELECT|relation|at .*\.ts/);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/no-such-call" });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ err_msg: "Not found." });
  });

  it("sets the security headers on API answers, errors included", async () => {
    for (const url of ["/healthz", "/api/no-such-call", "/api/test-failure"]) {
      const reply = await t.app.inject({ method: "GET", url });
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(reply.headers["strict-transport-security"]).toContain("max-age=");
      expect(reply.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(reply.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
  });
});
