import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodType } from "zod";

/**
 * Route schemas are zod schemas (shared with the forms through common/).
 * A refusal carries the first problem's message, which the schemas word for
 * people. Responses are checked against their schema in tests, so the API
 * cannot drift from what it declares.
 */
export const zodSchemas = fp<{ checkResponses: boolean }>(async (app: FastifyInstance, { checkResponses }) => {
  app.setValidatorCompiler<ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new Error(result.error.issues[0]?.message ?? "The request is not valid.") };
  });
  app.setSerializerCompiler<ZodType>(
    ({ schema }) =>
      (data) =>
        JSON.stringify(checkResponses ? schema.parse(data) : data),
  );
});
