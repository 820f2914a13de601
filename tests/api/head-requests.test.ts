import { describe, expect, it } from "vitest";
import { createUser, findUserByEmail, signedIn } from "../factories.ts";
import { APP } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("HEAD on the spec's state-changing GETs", () => {
  const t = useTestApp();

  it("HEAD on the daily claim credits nothing and is refused with 405", async () => {
    const user = await createUser(t.database.db);
    const member = await signedIn(t.app, user);
    const reply = await member.request("HEAD", `/api/claim-daily-reward?app=${APP}`);
    expect(reply.statusCode).toBe(405);
    expect(reply.headers.allow).toBe("GET");
    expect((await findUserByEmail(t.database.db, user.email))?.balance).toBe(0n);
    expect((await member.get(`/api/claim-daily-reward?app=${APP}`)).statusCode).toBe(200);
  });

  it("HEAD on sign-out keeps the session", async () => {
    const member = await signedIn(t.app, await createUser(t.database.db));
    expect((await member.request("HEAD", "/api/signout")).statusCode).toBe(405);
    expect((await member.get("/api/is-authenticated")).statusCode).toBe(200);
  });

  it("HEAD on a read-only call still answers", async () => {
    const member = await signedIn(t.app, await createUser(t.database.db));
    expect((await member.request("HEAD", `/api/dashboard?app=${APP}`)).statusCode).toBe(200);
  });
});
