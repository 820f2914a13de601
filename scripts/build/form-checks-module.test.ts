import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { checkFields } from "../../common/check-fields.ts";
import { isZodSchema } from "./form-check-spec.ts";
import { type Exports, formChecksModule, type Libraries } from "./form-checks-module.ts";

const api = import.meta.glob<Exports>(["../../common/api/*.ts", "!**/*.test.ts"], { eager: true });
const common = import.meta.glob<Exports>(["../../common/*.ts", "!**/*.test.ts"], { eager: true });
const FORM_CHECK = "../../common/form-check.ts";
const libraries: Libraries = new Map(Object.entries(common).filter(([file]) => file !== FORM_CHECK));

/** Runs a browser copy as the bundler links it: its imports from the modules loaded here, its exports into an object. */
function evaluate(code: string, modules: Record<string, Exports> = common): Exports {
  const bindings: Record<string, unknown> = {};
  const exports: Exports = {};
  const body = code
    .split("\n")
    .map((line) => {
      const imported = /^import \{ (.+) \} from "(.+)";$/.exec(line);
      if (imported) {
        for (const name of (imported[1] as string).split(", ")) bindings[name] = modules[imported[2] as string]?.[name];
        return "";
      }
      const reexported = /^export \{ (\w+) as (\w+) \} from "(.+)";$/.exec(line);
      if (reexported) return `exports.${reexported[2]} = modules[${JSON.stringify(reexported[3])}].${reexported[1]};`;
      return line.replace(/^export const (\w+) =/, "const $1 = exports.$1 =");
    })
    .join("\n");
  new Function("exports", "modules", ...Object.keys(bindings), body)(exports, common, ...Object.values(bindings));
  return exports;
}

const SAMPLES: unknown[] = [
  "",
  "   ",
  "a",
  "Ada",
  " Ada Lovelace ",
  "ada@example.com",
  " ADA@Example.com ",
  "ada@example",
  "ada@@example.com",
  "0x52908400098527886E0F7030069857D2E4169EE7",
  "/browser-buy-kestrel",
  "/Not A Page",
  "2026-11",
  "2026-11-27",
  "2026-02-30",
  "2",
  "12",
  "123456",
  " 42 ",
  "1e3",
  "Infinity",
  "correct horse battery staple",
  "x".repeat(61),
  "x".repeat(2_001),
  "x".repeat(5_001),
  "bad\u0000character",
  "two\nlines",
  "\u202Ereversed",
  true,
  false,
  0,
  1,
  3.5,
  100,
  null,
  undefined,
];

/**
 * Inputs a form can send: one good value per field, then each field in turn given every sample of its kind
 * (text for a text field, true or false for a box) or left out. A form never sends a value of another kind,
 * and zod's own wording for one names the kind it received, which the browser's checks do not repeat.
 */
function inputs(schema: z.ZodObject): unknown[] {
  const shape = schema.shape as Record<string, z.ZodType>;
  const base = Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [name, SAMPLES.find((sample) => field.safeParse(sample).success)]),
  );
  const varied = Object.keys(shape).flatMap((name) =>
    SAMPLES.filter((sample) => sample === undefined || typeof sample === typeof base[name]).map((sample) => ({ ...base, [name]: sample })),
  );
  return [base, {}, ...varied];
}

/** The form schemas of common/api: each exported object schema, also inside a plain object of fields. */
function formSchemas(): Array<[string, string, z.ZodObject]> {
  const found: Array<[string, string, z.ZodObject]> = [];
  for (const [file, exports] of Object.entries(api))
    for (const [name, value] of Object.entries(exports)) {
      if (isZodSchema(value) && value._zod.def.type === "object") found.push([file, name, value as z.ZodObject]);
    }
  return found;
}

describe("the forms' schemas compiled for the browser", () => {
  const compiled = new Map(
    Object.entries(api).map(([file, exports]) => [file, evaluate(formChecksModule(exports, libraries, FORM_CHECK))]),
  );

  it("covers the schemas the pages' forms check", () => {
    const names = [...compiled.values()].flatMap((exports) => Object.keys(exports));
    expect(names).toEqual(
      expect.arrayContaining([
        "signInFields",
        "registerForm",
        "contactMessage",
        "forgotPasswordFields",
        "resetPasswordFields",
        "changePasswordFields",
        "changeEmailFields",
        "deleteAccountFields",
        "displayNameFields",
        "walletFields",
        "guideReportFields",
        "appealFields",
        "requestPayoutFields",
        "checkFields",
        "priceField",
      ]),
    );
  });

  it.each(formSchemas().filter(([file, name]) => compiled.get(file)?.[name]))("%s %s answers as zod does", (file, name, schema) => {
    const check = compiled.get(file)?.[name] as z.ZodObject;
    for (const input of inputs(schema)) expect(checkFields(check, input), JSON.stringify(input)).toEqual(checkFields(schema, input));
  });

  it("checks a field of a plain object of fields as zod does", () => {
    const real = (api["../../common/api/payouts.ts"]?.appealFields as z.ZodObject<{ message: z.ZodType }> | undefined)?.shape.message;
    if (!real) throw new Error("the payout appeal's fields are missing");
    const check = (evaluate(formChecksModule({ appeal: { message: real } }, libraries, FORM_CHECK)).appeal as Record<string, z.ZodType>)
      .message as z.ZodType;
    for (const input of SAMPLES) expect(check.safeParse(input).success, String(input)).toBe(real.safeParse(input).success);
  });

  it("copies one export alone with the constants of its module that its checks read (the display name's minimum)", () => {
    const leaderboard = api["../../common/api/leaderboard.ts"] as Exports;
    const code = formChecksModule({ displayNameFields: leaderboard.displayNameFields }, libraries, FORM_CHECK, {
      names: Object.keys(leaderboard),
      moduleOf: (name) => `../../common/api/leaderboard.ts#${name}`,
    });
    expect(code).toContain('import { DISPLAY_NAME_MIN } from "../../common/api/leaderboard.ts#DISPLAY_NAME_MIN";');
    expect(code).not.toContain("export const DISPLAY_NAME_MIN");
  });

  // The build gives the browser each export as a module of its own (decision 068): a check that names a constant
  // its copy lacks throws only when a page runs it, as the display name's did on the account page.
  it.each(formSchemas().filter(([file, name]) => compiled.get(file)?.[name]))(
    "%s %s copied alone answers as zod does",
    (file, name, schema) => {
      const exports = api[file] as Exports;
      const code = formChecksModule({ [name]: schema }, libraries, FORM_CHECK, {
        names: Object.keys(exports),
        moduleOf: (sibling) => `${file}#${sibling}`,
      });
      const siblings = Object.fromEntries(Object.entries(exports).map(([sibling, value]) => [`${file}#${sibling}`, { [sibling]: value }]));
      const check = evaluate(code, { ...common, ...siblings })[name] as z.ZodObject;
      for (const input of inputs(schema)) expect(checkFields(check, input), JSON.stringify(input)).toEqual(checkFields(schema, input));
    },
  );
});
