import type { z } from "zod";

export type FieldProblem<Field extends string = string> = { field: Field; message: string };

/**
 * Checks a form's fields with its schema: the parsed values, or the first
 * problem in the order the schema lists the fields (the field to mark invalid
 * and the message to show). Free of zod's code, so the browser runs it on the
 * forms' compiled checks (common/form-check.ts) as the server does on zod's schemas.
 */
export function checkFields<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  input: unknown,
): { ok: true; data: z.output<z.ZodObject<Shape>> } | ({ ok: false } & FieldProblem<Extract<keyof Shape, string>>) {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  return {
    ok: false,
    field: String(issue?.path[0] ?? "") as Extract<keyof Shape, string>,
    message: issue?.message ?? "Please check the form.",
  };
}
