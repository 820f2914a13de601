import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_RECEIVED } from "../../common/api/contact.ts";
import { contactMessages } from "../../server/db/schema.ts";
import { agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const BOUNDARY = "----kestrel-test-boundary";

/** A multipart/form-data body, as the browser's FormData sends it. */
function multipart(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { payload: `${parts.join("")}--${BOUNDARY}--\r\n`, headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } };
}

function contactFields(site: { contact: { accessKey: string; subject: string } }, overrides: Record<string, string> = {}) {
  return {
    name: "Grace Hopper",
    email: "grace@example.com",
    message: "How do I add the token on iOS?",
    subject: site.contact.subject,
    access_key: site.contact.accessKey,
    ...overrides,
  };
}

describe("POST /api/contact", () => {
  const t = useTestApp({ env: { CONTACT_MESSAGES_PER_IP_PER_HOUR: "1000" } });
  const send = (fields: Record<string, string>, remoteAddress = "127.0.0.1") =>
    agent(t.app).request("POST", "/api/contact", { ...multipart(fields), remoteAddress });

  it("stores a message sent as multipart form data and answers success", async () => {
    const reply = await send(contactFields(t.site, { message: "  Hello from the test.  " }), "198.51.100.4");
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: CONTACT_RECEIVED });
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows.at(-1)).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.com",
      subject: t.site.contact.subject,
      message: "Hello from the test.",
      ip: "198.51.100.4",
      forwardedAt: null,
    });
  });

  it("accepts urlencoded fields too", async () => {
    const reply = await agent(t.app).request("POST", "/api/contact", {
      payload: new URLSearchParams(contactFields(t.site)).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(reply.json()).toEqual({ success: true, message: CONTACT_RECEIVED });
  });

  it.each([
    ["a missing access key", { access_key: "" }, 401, "This form is not set up correctly: its access key is unknown."],
    ["an unknown access key", { access_key: "someone-else" }, 401, "This form is not set up correctly: its access key is unknown."],
    ["no name", { name: " " }, 400, "Please enter your name."],
    ["a name over 100 characters", { name: "n".repeat(101) }, 400, "Please keep your name under 100 characters."],
    ["an invalid email", { email: "grace@localhost" }, 400, "Please enter a valid email."],
    ["no message", { message: "" }, 400, "Please enter a message."],
    ["a message over 5,000 characters", { message: "m".repeat(5001) }, 400, "Please keep your message under 5,000 characters."],
    [
      "a line break in the name",
      { name: "Grace\r\nBcc: victim@example.com" },
      400,
      "Line breaks are not allowed in the name, email or subject.",
    ],
    [
      "a line break in the subject",
      { subject: "Hi\nBcc: victim@example.com" },
      400,
      "Line breaks are not allowed in the name, email or subject.",
    ],
  ])("refuses %s and stores nothing", async (_, overrides, status, message) => {
    const before = await t.database.db.$count(contactMessages);
    const reply = await send(contactFields(t.site, overrides));
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toEqual({ success: false, message, err_msg: message });
    expect(await t.database.db.$count(contactMessages)).toBe(before);
  });

  it("tells a bot that ticked the hidden box it succeeded, and stores nothing", async () => {
    const before = await t.database.db.$count(contactMessages);
    const reply = await send(contactFields(t.site, { botcheck: "1" }));
    expect(reply.json()).toEqual({ success: true, message: CONTACT_RECEIVED });
    expect(await t.database.db.$count(contactMessages)).toBe(before);
  });

  it("refuses a file upload and an oversized body in the same answer shape", async () => {
    const file = {
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    };
    const withFile = await agent(t.app).request("POST", "/api/contact", file);
    expect(withFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(withFile.statusCode).toBeLessThan(500);
    expect(withFile.json()).toMatchObject({ success: false });

    // A multipart field is cut at 20,000 characters, still far over the limit: the sender is told the limit.
    const longField = await send(contactFields(t.site, { message: "m".repeat(40_000) }));
    expect(longField.statusCode).toBe(400);
    expect(longField.json().message).toBe("Please keep your message under 5,000 characters.");

    const huge = await agent(t.app).request("POST", "/api/contact", {
      payload: new URLSearchParams(contactFields(t.site, { message: "m".repeat(40_000) })).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, message: "Your message is too long.", err_msg: "Your message is too long." });
  });
});

describe("contact rate limit", () => {
  const t = useTestApp({ env: { CONTACT_MESSAGES_PER_IP_PER_HOUR: "2" } });

  it("refuses a client address's third message in an hour", async () => {
    t.clock.set("2026-11-21T10:00:00Z");
    const send = () => agent(t.app).request("POST", "/api/contact", { ...multipart(contactFields(t.site)), remoteAddress: "203.0.113.50" });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().success).toBe(false);
    const other = await agent(t.app).request("POST", "/api/contact", {
      ...multipart(contactFields(t.site)),
      remoteAddress: "203.0.113.51",
    });
    expect(other.statusCode).toBe(200);
  });

  it("counts every address of an IPv6 /64 as one client address", async () => {
    t.clock.set("2026-11-21T12:00:00Z");
    const from = (remoteAddress: string) =>
      agent(t.app).request("POST", "/api/contact", { ...multipart(contactFields(t.site)), remoteAddress });
    expect((await from("2001:db8:9:1::1")).statusCode).toBe(200);
    expect((await from("2001:db8:9:1::2")).statusCode).toBe(200);
    expect((await from("2001:db8:9:1:ffff::3")).statusCode).toBe(429);
    expect((await from("2001:db8:9:2::1")).statusCode).toBe(200);
  });
});

describe("forwarding contact messages by email", () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
    process.env.TEST_SMTP_PORT = String(port);
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

  describe("with an SMTP server", () => {
    const t = useTestApp({
      env: {
        get SMTP_URL() {
          return `smtp://127.0.0.1:${process.env.TEST_SMTP_PORT}`;
        },
        CONTACT_FORWARD_TO: "team@kestrel.example",
        CONTACT_FORWARD_FROM: "website@kestrel.example",
        MAIL_FROM: "Kestrel <hello@kestrel.example>",
      } as Record<string, string>,
    });

    it("sends each stored message to the team, with the sender as Reply-To, and records when", async () => {
      const reply = await agent(t.app).request(
        "POST",
        "/api/contact",
        multipart(contactFields(t.site, { message: "Forward me, please." })),
      );
      expect(reply.json()).toEqual({ success: true, message: CONTACT_RECEIVED });
      expect(received).toHaveLength(1);
      expect(received[0]?.from).toBe("website@kestrel.example");
      expect(received[0]?.to).toEqual(["team@kestrel.example"]);
      expect(received[0]?.data).toMatch(/^Reply-To: "?Grace Hopper"? <grace@example\.com>/m);
      expect(received[0]?.data).toContain("Forward me, please.");
      const [row] = await t.database.db.select().from(contactMessages);
      expect(row?.forwardedAt).toBeInstanceOf(Date);
    });
  });

  describe("when the SMTP server is down", () => {
    const t = useTestApp({
      env: {
        SMTP_URL: "smtp://127.0.0.1:1",
        MAIL_FROM: "Kestrel <hello@kestrel.example>",
        CONTACT_FORWARD_TO: "team@kestrel.example",
        CONTACT_FORWARD_FROM: "website@kestrel.example",
      },
    });

    it("still stores the message and answers success; it stays marked as not forwarded", async () => {
      const reply = await agent(t.app).request("POST", "/api/contact", multipart(contactFields(t.site)));
      expect(reply.json()).toEqual({ success: true, message: CONTACT_RECEIVED });
      const [row] = await t.database.db.select().from(contactMessages);
      expect(row?.forwardedAt).toBeNull();
    });
  });
});
