import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../../config/site.ts";
import { EMAIL_TEMPLATES, renderEmail } from "./templates.ts";

const site = loadSiteConfig({ SITE_ORIGIN: "https://kestrel.example", LEGAL_EMAIL: "help+team@kestrel.example" });
const text = {
  firstName: "Ada",
  sessionsEnded: "every other session was signed out",
  newEmail: "ada@new.example",
  name: "Ada",
  subject: "Hi",
  reply: "Thanks.",
  streakDays: "6 days",
  timeLeft: "3 hours",
};
const links = { link: "https://kestrel.example/reset-password?token=abc" };

describe("the security notices", () => {
  it("link the reset page and the team's address in the HTML part, and spell them out in the text part", () => {
    const changed = renderEmail(site, "password-changed", { text });
    expect(changed.html).toContain('<a href="https://kestrel.example/forgot-password">Reset my password</a>');
    expect(changed.html).toContain('<a href="mailto:help+team@kestrel.example">help+team@kestrel.example</a>');
    expect(changed.text).toContain("Reset my password: https://kestrel.example/forgot-password");
    expect(changed.text).toContain("write to us at help+team@kestrel.example and");

    const moved = renderEmail(site, "email-changed", { text });
    expect(moved.html).toContain('<a href="mailto:help+team@kestrel.example">help+team@kestrel.example</a>');
    expect(moved.text).toContain("write to us at help+team@kestrel.example right away");
  });
});

describe("every email", () => {
  it.each(EMAIL_TEMPLATES)("%s: turns each Markdown link into an <a href>, none left as text", (template) => {
    const { html } = renderEmail(site, template, { text, links });
    const hrefs = [...html.matchAll(/<a href="([^"]+)">/g)].map(([, href]) => href);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^(https:\/\/kestrel\.example\/|mailto:help\+team@kestrel\.example$)/);
    expect(html).not.toMatch(/\]\(|\\/);
  });
});

describe("the emails' colours", () => {
  it("are the site's ink for the text and its link colour, so a re-branded token's emails look like its site", () => {
    const blue = loadSiteConfig({ SITE_COLOR_INK: "#111827", SITE_COLOR_BRAND: "#1d4ed8" });
    const { html } = renderEmail(blue, "verify-email", { text, links });
    expect(html).toContain("color:#111827;");
    expect(html).toContain("<style>a{color:#143fbb}</style>");
    expect(renderEmail(site, "verify-email", { text, links }).html).toContain("color:#0f1d33;");
  });
});
