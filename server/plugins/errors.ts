import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { PASSWORD_CHECKS_BUSY } from "../../common/api/auth.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { PasswordWorkBusy } from "../services/auth/password-work.ts";
import { type SiteBuild, sendAsset } from "./site.ts";

/** The words a client sees for a refusal the route did not phrase itself. */
const messagesByCode: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "The request is too large.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request as JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's length does not match its body.",
};

const messagesByStatus: Record<number, string> = {
  400: "The request is not valid.",
  401: "Please log in first.",
  403: "You are not allowed to do that.",
  404: "Not found.",
  405: "That method is not allowed here.",
  406: "That format is not available.",
  413: "The request is too large.",
  415: "That content type is not accepted.",
  429: "Too many requests. Please wait a moment and try again.",
};

export const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again in a moment.";
export const UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

/**
 * One error handler: every refusal is `{ err_msg }` with a 4xx; a 5xx is
 * logged in full and its body never carries a stack trace or SQL.
 */
export const errorHandling = fp<{ site: SiteBuild | null }>(async (app: FastifyInstance, { site }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Password checks shed (one client over its share: 429; the whole server busy: 503) say when to come back, in words for people.
    if (error instanceof PasswordWorkBusy) {
      const status = error.scope === "client" ? 429 : 503;
      request.log.warn({ reason: error.name, status }, "request shed");
      return reply.code(status).header("retry-after", String(error.retryAfterSeconds)).send({ err_msg: PASSWORD_CHECKS_BUSY[error.scope] });
    }
    const status = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, "database unavailable");
        return reply.code(503).header("retry-after", "2").send({ err_msg: UNAVAILABLE_MESSAGE });
      }
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ err_msg: SERVER_ERROR_MESSAGE });
    }
    const fromValidation = hasZodFastifySchemaValidationErrors(error) ? error.validation[0]?.message : undefined;
    const fromSyntax = error instanceof SyntaxError ? messagesByCode.FST_ERR_CTP_INVALID_JSON_BODY : undefined;
    const message = fromValidation ?? fromSyntax ?? messagesByCode[error.code] ?? messagesByStatus[status] ?? "The request was refused.";
    return reply.code(status).send({ err_msg: message });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || !site) return reply.code(404).send({ err_msg: "Not found." });
    return sendAsset(request, reply, site.notFound, 404);
  });
});
