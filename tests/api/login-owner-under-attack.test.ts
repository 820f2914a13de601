import { describe, expect, it } from "vitest";
import { createUser } from "../factories.ts";
import { agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("an attacked account's owner", () => {
  const t = useTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: "10", LOGIN_MAX_FAILURES_PER_IP: "50" } });

  it("still logs in from a network the account used and from a signed-in device, while strangers and new networks are locked", {
    timeout: 120_000,
  }, async () => {
    t.clock.set("2026-11-27T09:00:00Z");
    const owner = await createUser(t.database.db);
    const phone = agent(t.app, { remoteAddress: "192.0.2.5" });
    expect((await agent(t.app, { remoteAddress: "198.51.100.7" }).signIn(owner.email, owner.password)).statusCode).toBe(200);
    expect((await phone.signIn(owner.email, owner.password)).statusCode).toBe(200);

    // 200 wrong guesses from 20 networks the account never used, 10 from each.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, async (_, network) => {
        const stranger = agent(t.app, { remoteAddress: `100.64.${network}.9` });
        const replies = [];
        for (let guess = 0; guess < 10; guess++) replies.push(await stranger.signIn(owner.email, `wrong-guess-${guess}`));
        return replies;
      }),
    );
    const statuses = guesses.flat().map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(190);

    const brandNewNetwork = await agent(t.app, { remoteAddress: "203.0.113.77" }).signIn(owner.email, owner.password);
    expect(brandNewNetwork.statusCode).toBe(429);
    expect(brandNewNetwork.json().err_msg).toMatch(/try again in \d+ minutes?/);

    const fromHome = await agent(t.app, { remoteAddress: "198.51.100.42" }).signIn(owner.email, owner.password);
    expect(fromHome.statusCode).toBe(200);
    // The phone roams to a network the account never used: its live session cookie still vouches for it.
    const roaming = agent(t.app, { remoteAddress: "172.16.5.5" });
    roaming.cookies.clear();
    for (const [name, value] of phone.cookies) roaming.cookies.set(name, value);
    expect((await roaming.signIn(owner.email, owner.password)).statusCode).toBe(200);
    expect((await agent(t.app, { remoteAddress: "203.0.113.78" }).signIn(owner.email, owner.password)).statusCode).toBe(429);
  });

  it("locks a known network by its own wrong guesses, and nobody else's", { timeout: 60_000 }, async () => {
    t.clock.set("2026-11-27T10:00:00Z");
    const owner = await createUser(t.database.db);
    expect((await agent(t.app, { remoteAddress: "198.51.100.7" }).signIn(owner.email, owner.password)).statusCode).toBe(200);
    expect((await agent(t.app, { remoteAddress: "192.0.2.5" }).signIn(owner.email, owner.password)).statusCode).toBe(200);

    const housemate = agent(t.app, { remoteAddress: "198.51.100.8" });
    for (let guess = 0; guess < 10; guess++) expect((await housemate.signIn(owner.email, `wrong-guess-${guess}`)).statusCode).toBe(401);
    expect((await housemate.signIn(owner.email, "wrong-guess-10")).statusCode).toBe(429);
    expect((await agent(t.app, { remoteAddress: "198.51.100.7" }).signIn(owner.email, owner.password)).statusCode).toBe(429);

    expect((await agent(t.app, { remoteAddress: "192.0.2.5" }).signIn(owner.email, owner.password)).statusCode).toBe(200);
    expect((await agent(t.app, { remoteAddress: "203.0.113.77" }).signIn(owner.email, owner.password)).statusCode).toBe(200);
  });
});
