/**
 * A form's schema as the browser checks it: the same rules, order and texts
 * as the zod schema in common/api it was compiled from at build time
 * (scripts/build/form-checks-plugin.ts), without zod. It answers like zod's
 * `safeParse`, with the first problem only, which is all a form shows.
 */

type Test = (value: never) => boolean;

export type FormCheckStep =
  | { map: (value: string) => string }
  | { min: number; message: string }
  | { max: number; message: string }
  | { length: number; message: string }
  | { pattern: RegExp; message: string }
  | { integer: true; message: string }
  | { test: Test; message: string; path?: readonly string[] };

export type FormCheckSpec =
  | { kind: "string" | "number" | "boolean"; message: string; steps: FormCheckStep[]; coerce?: true }
  | { kind: "literal"; values: readonly unknown[]; message: string }
  | { kind: "optional"; inner: FormCheckSpec }
  | { kind: "default"; inner: FormCheckSpec; value: unknown }
  | { kind: "object"; message: string; fields: Array<[string, FormCheckSpec]>; steps: FormCheckStep[] };

type Issue = { path: string[]; message: string };
type Checked = { ok: true; value: unknown } | { ok: false; issue: Issue };

const refused = (message: string, path: string[] = []): Checked => ({ ok: false, issue: { path, message } });

function runSteps(steps: FormCheckStep[], start: unknown): Checked {
  let value = start;
  for (const step of steps) {
    if ("map" in step) value = step.map(value as string);
    else if ("min" in step ? sizeOf(value) < step.min : "max" in step ? sizeOf(value) > step.max : false) return refused(step.message);
    else if ("length" in step && sizeOf(value) !== step.length) return refused(step.message);
    else if ("pattern" in step && !step.pattern.test(value as string)) return refused(step.message);
    else if ("integer" in step && !Number.isSafeInteger(value)) return refused(step.message);
    else if ("test" in step && !step.test(value as never)) return refused(step.message, [...(step.path ?? [])]);
  }
  return { ok: true, value };
}

/** What zod's `z.coerce` makes of a form's text before checking it. */
const coerced = { string: String, number: Number, boolean: Boolean };

const sizeOf = (value: unknown) => (typeof value === "number" ? value : (value as string).length);

function check(spec: FormCheckSpec, input: unknown): Checked {
  switch (spec.kind) {
    case "optional":
      return input === undefined ? { ok: true, value: undefined } : check(spec.inner, input);
    case "default":
      return input === undefined ? { ok: true, value: spec.value } : check(spec.inner, input);
    case "literal":
      return spec.values.includes(input) ? { ok: true, value: input } : refused(spec.message);
    case "object": {
      if (typeof input !== "object" || input === null || Array.isArray(input)) return refused(spec.message);
      const value: Record<string, unknown> = {};
      for (const [name, field] of spec.fields) {
        const checked = check(field, (input as Record<string, unknown>)[name]);
        if (!checked.ok) return refused(checked.issue.message, [name, ...checked.issue.path]);
        if (checked.value !== undefined || name in input) value[name] = checked.value;
      }
      return runSteps(spec.steps, value);
    }
    default: {
      const value = spec.coerce ? coerced[spec.kind](input) : input;
      return typeof value === spec.kind && !(typeof value === "number" && !Number.isFinite(value))
        ? runSteps(spec.steps, value)
        : refused(spec.message);
    }
  }
}

export type FormCheck = {
  safeParse(input: unknown): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
};

export function formCheck(spec: FormCheckSpec): FormCheck {
  return {
    safeParse(input) {
      const checked = check(spec, input);
      return checked.ok ? { success: true, data: checked.value } : { success: false, error: { issues: [checked.issue] } };
    },
  };
}
