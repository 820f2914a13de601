import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";

/**
 * Route schemas are the zod schemas of common/api, shared with the browser's
 * client and forms; routes declare them through fastify-type-provider-zod,
 * so request bodies and replies are typed with no casts. A refusal carries
 * the first problem's message (plugins/errors.ts), which the schemas word
 * for people. Responses are checked against their schema in tests, so the
 * API cannot drift from what it declares; production skips that cost.
 */
export const zodSchemas = fp<{ checkResponses: boolean }>(async (app: FastifyInstance, { checkResponses }) => {
  app.setValidatorCompiler(validatorCompiler);
  if (checkResponses) app.setSerializerCompiler(serializerCompiler);
  else app.setSerializerCompiler<ZodType>(() => (data) => JSON.stringify(data));
});
