import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { rowId } from "../../common/api/fields.ts";
import type { Database } from "../db/client.ts";
import { listMail, mailById } from "../services/mail/queue.ts";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

/**
 * Without a mail server: the emails the site sent, so `npm start` works end to
 * end. The queue is the outbox; nothing leaves the machine.
 */
export async function devOutboxRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/dev/outbox", { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listMail(db, { limit: 100 });
    const rows = mails
      .map(
        (mail) =>
          `<li><a href="/dev/outbox/${mail.id}">${escapeHtml(mail.subject)}</a> to ${escapeHtml(mail.to)}, ${mail.createdAt.toISOString()} (${mail.status})</li>`,
      )
      .join("");
    return reply
      .type("text/html; charset=utf-8")
      .send(
        page(
          "Outbox",
          `<h1>Outbox</h1><p>Emails the site sent (development only, newest first).</p>${rows ? `<ul>${rows}</ul>` : "<p>No email yet.</p>"}`,
        ),
      );
  });

  app.get(
    "/dev/outbox/:id",
    {
      schema: {
        hide: true,
        params: z.object({ id: rowId }),
      },
    },
    async (request, reply) => {
      const mail = await mailById(db, request.params.id);
      if (!mail) return reply.code(404).type("text/html; charset=utf-8").send(page("Not found", "<h1>No such email</h1>"));
      const links = [...mail.text_body.matchAll(/https?:\/\/\S+/g)].map(
        ([url]) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`,
      );
      return reply
        .type("text/html; charset=utf-8")
        .send(
          page(
            mail.subject,
            `<p><a href="/dev/outbox">Back to the outbox</a></p><h1>${escapeHtml(mail.subject)}</h1><p>To: ${escapeHtml(mail.to_address)}</p>${
              links.length ? `<h2>Links</h2><ul>${links.join("")}</ul>` : ""
            }<h2>Text</h2><pre>${escapeHtml(mail.text_body)}</pre>`,
          ),
        );
    },
  );
}
