import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../server/db/schema.ts";
import { SESSION_CACHE_MS } from "../../server/services/session-cache.ts";
import { hashToken, REMEMBERED_SESSION_MS } from "../../server/services/sessions.ts";
import { createUser, signedIn } from "../factories.ts";
import { agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("the per-instance session cache", () => {
  const t = useTestApp();

  it("ends a session at once at sign-out, though it was looked up a moment before", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    const token = visitor.cookies.get("session") as string;
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    expect((await visitor.get("/api/signout")).statusCode).toBe(200);
    const replay = agent(t.app);
    replay.cookies.set("session", token);
    expect((await replay.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("honours a session another instance ended for at most SESSION_CACHE_MS after its last lookup here", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db));
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    // Another instance's sign-out: the row is gone, and this instance was not told.
    await t.database.db.delete(sessions).where(eq(sessions.idHash, hashToken(visitor.cookies.get("session") as string)));
    t.clock.advance(SESSION_CACHE_MS - 1);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(401);
  });

  it("never keeps a session past its own expiry", async () => {
    const visitor = await signedIn(t.app, await createUser(t.database.db), true);
    t.clock.advance(REMEMBERED_SESSION_MS - 1);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await visitor.get("/api/is-authenticated")).statusCode).toBe(401);
  });
});
