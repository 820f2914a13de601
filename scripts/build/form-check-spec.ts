import { z } from "zod";
import type { FormCheckSpec, FormCheckStep } from "../../common/form-check.ts";

/**
 * A zod schema as the browser's form check (common/form-check.ts) runs it,
 * read from the schema's definition. Only what forms use: objects of strings,
 * numbers, booleans and literals with their checks, refinements, optional
 * fields and defaults. Anything else throws: that schema stays on the server.
 */

type Def = {
  type: string;
  coerce?: boolean;
  entries?: Record<string, unknown>;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  values?: unknown[];
  checks?: Array<{ _zod: { def: CheckDef } }>;
};
type CheckDef = {
  check: string;
  error?: (issue: object) => unknown;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
  value?: number;
  inclusive?: boolean;
  tx?: (value: string) => string;
  fn?: (value: never) => boolean;
  path?: string[];
};

export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;
}

type ErrorMap = ((issue: object) => unknown) | undefined;

/** The text zod gives a check's problem: the check's own, else its schema's, else zod's default wording. */
function messageOf(def: CheckDef, schemaError: ErrorMap, issue: object): string {
  const text = (answer: unknown) => (typeof answer === "string" ? answer : (answer as { message?: string } | undefined)?.message);
  return text(def.error?.(issue)) ?? text(schemaError?.(issue)) ?? text(z.config().localeError?.(issue as never)) ?? "Invalid input";
}

/** The message zod gives a field of the wrong type, as for a field left out (every kind a form uses refuses undefined). */
function typeMessage(schema: z.ZodType): string {
  const result = schema.safeParse(undefined);
  if (result.success) throw new Error("a form field that accepts any value");
  return result.error.issues[0]?.message ?? "Invalid input";
}

function step(def: CheckDef, origin: string, schemaError: ErrorMap): FormCheckStep {
  const issue = (code: string, more: object) => ({ code, origin, input: origin === "number" ? 0.5 : "", ...more });
  const checkMessage = (issue: object) => messageOf(def, schemaError, issue);
  switch (def.check) {
    case "overwrite":
      if (!def.tx) break;
      return { map: def.tx };
    case "min_length":
      return { min: def.minimum as number, message: checkMessage(issue("too_small", { minimum: def.minimum, inclusive: true })) };
    case "max_length":
      return { max: def.maximum as number, message: checkMessage(issue("too_big", { maximum: def.maximum, inclusive: true })) };
    case "length_equals":
      return { length: def.length as number, message: checkMessage(issue("too_big", { exact: true, maximum: def.length })) };
    case "string_format":
      if ((def.format !== "regex" && def.format !== "date") || !def.pattern) break;
      return { pattern: def.pattern, message: checkMessage(issue("invalid_format", { format: "regex", pattern: def.pattern })) };
    case "number_format":
      if (def.format !== "safeint") break;
      return { integer: true, message: checkMessage(issue("invalid_type", { expected: "int" })) };
    case "greater_than":
      if (!def.inclusive) break;
      return { min: def.value as number, message: checkMessage(issue("too_small", { minimum: def.value, inclusive: true })) };
    case "less_than":
      if (!def.inclusive) break;
      return { max: def.value as number, message: checkMessage(issue("too_big", { maximum: def.value, inclusive: true })) };
    case "custom":
      if (!def.fn) break;
      return { test: def.fn, message: checkMessage(issue("custom", {})), ...(def.path ? { path: def.path } : {}) };
  }
  throw new Error(`a check the browser's form check does not know: ${def.check} ${def.format ?? ""}`);
}

export function formCheckSpec(schema: z.ZodType): FormCheckSpec {
  const def = schema._zod.def as unknown as Def & { error?: ErrorMap };
  // A format such as z.iso.date() is a string schema that is its own first check.
  const own = "check" in def ? [def as unknown as CheckDef] : [];
  const steps = () => [...own, ...(def.checks ?? []).map((check) => check._zod.def)].map((check) => step(check, def.type, def.error));
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
      return { kind: def.type, message: typeMessage(schema), steps: steps(), ...(def.coerce ? { coerce: true as const } : {}) };
    case "literal":
      return { kind: "literal", values: def.values ?? [], message: typeMessage(schema) };
    case "enum":
      return { kind: "literal", values: Object.values(def.entries ?? {}), message: typeMessage(schema) };
    case "optional":
      return { kind: "optional", inner: formCheckSpec(def.innerType as z.ZodType) };
    case "default":
      return { kind: "default", inner: formCheckSpec(def.innerType as z.ZodType), value: def.defaultValue };
    case "object":
      return {
        kind: "object",
        message: typeMessage(schema),
        fields: Object.entries(def.shape ?? {}).map(([name, field]) => [name, formCheckSpec(field)]),
        steps: steps(),
      };
  }
  throw new Error(`a schema the browser's form check does not know: ${def.type}`);
}
