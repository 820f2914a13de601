import { afterAll, describe, expect, it } from "vitest";
import { createUser } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { useTestApp } from "../helpers/test-app.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());

async function askForReset(t: ReturnType<typeof useTestApp>, email: string) {
  const visitor = agent(t.app);
  await visitor.post("/api/forgot-password", { username: email, app: APP, csrfToken: await visitor.csrf("forgot-password") });
  await t.app.backgroundWork.idle();
  await t.app.mailer.flush();
}

describe("the development outbox without a mail server", () => {
  const t = useTestApp();

  it("shows the emails the site kept, links included", async () => {
    const member = await createUser(t.database.db);
    await askForReset(t, member.email);
    const outbox = await agent(t.app).get("/dev/outbox");
    expect(outbox.statusCode).toBe(200);
    const [, id] = /href="\/dev\/outbox\/(\d+)"/.exec(outbox.body) ?? [];
    expect((await agent(t.app).get(`/dev/outbox/${id}`)).body).toContain("/reset-password?token=");
  });
});

describe("the development outbox with a mail server", () => {
  const t = useTestApp({ env: { NODE_ENV: "development", SMTP_URL: sink.url, MAIL_FROM: "Kestrel <hello@kestrel.example>" } });

  it("is not served, whatever NODE_ENV says: the queue holds live links to members' accounts", async () => {
    const member = await createUser(t.database.db);
    await askForReset(t, member.email);
    expect((await agent(t.app).get("/dev/outbox")).statusCode).toBe(404);
    expect((await agent(t.app).get("/dev/outbox/1")).statusCode).toBe(404);
  });
});
