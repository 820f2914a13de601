import { formCheckSpec, isZodSchema } from "./form-check-spec.ts";

/**
 * The browser's copy of a common/api module: each form schema compiled to a
 * plain check (common/form-check.ts), texts and other plain values as
 * literals, and the functions that a zod-free module of common/ exports
 * imported from there. Nothing else: a page that imports anything else from
 * the module fails the build, which names it.
 */

export type Exports = Record<string, unknown>;
/** The zod-free modules whose functions the browser may import, by file: their exports. */
export type Libraries = Map<string, Exports>;

/** The other exports of the module one export is copied from, and the id each is copied under, for the functions that read them. */
export type Siblings = { names: readonly string[]; moduleOf(name: string): string };

export function formChecksModule(
  source: Exports,
  libraries: Libraries,
  formCheckFile: string,
  siblings: Siblings = { names: [], moduleOf: () => "" },
): string {
  const imports = new Map<string, Set<string>>();
  const named = new Map<unknown, { file: string; name: string }>();
  for (const [file, exports] of libraries)
    for (const [name, value] of Object.entries(exports)) if (typeof value === "function") named.set(value, { file, name });
  const use = (file: string, name: string) => {
    const names = imports.get(file) ?? new Set<string>();
    imports.set(file, names.add(name));
    return name;
  };

  function literal(value: unknown): string {
    if (typeof value === "function") {
      const found = named.get(value);
      if (found) return use(found.file, found.name);
      // Loaded through Vite's module runner, a call of an imported function reads `__vite_ssr_import_1__.name`.
      const code = String(value).replace(/__vite_ssr_import_\d+__\.(\w+)/g, "$1");
      // An inline function may call a library function by its name: import it too.
      for (const [file, exports] of libraries)
        for (const name of Object.keys(exports)) if (!(name in source) && new RegExp(`\\b${name}\\b`).test(code)) use(file, name);
      // Or a constant of its own module (a refinement's minimum), copied as an export of its own.
      for (const name of siblings.names)
        if (!(name in source) && new RegExp(`\\b${name}\\b`).test(code)) use(siblings.moduleOf(name), name);
      return `(${code})`;
    }
    if (value instanceof RegExp) return String(value);
    if (typeof value === "bigint") return `${value}n`;
    if (value === undefined) return "undefined";
    if (isZodSchema(value)) return `/* @__PURE__ */ formCheck(${literal(formCheckSpec(value))})`;
    if (Array.isArray(value)) return `[${value.map(literal).join(",")}]`;
    if (typeof value === "object" && value !== null) {
      if (Object.getPrototypeOf(value) !== Object.prototype) throw new Error("not a plain object");
      return `{${Object.entries(value)
        .map(([key, inner]) => `${JSON.stringify(key)}:${literal(inner)}`)
        .join(",")}}`;
    }
    return JSON.stringify(value);
  }

  const body: string[] = [];
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === "function") {
      const found = named.get(value);
      if (found) body.push(`export { ${found.name} as ${name} } from ${JSON.stringify(found.file)};`);
      continue;
    }
    try {
      body.push(`export const ${name} = ${literal(value)};`);
    } catch {
      // A schema or value only the server uses (a reply, a query with its own parsing): left out.
    }
  }
  const head = [`import { formCheck } from ${JSON.stringify(formCheckFile)};`];
  for (const [file, names] of imports) head.push(`import { ${[...names].join(", ")} } from ${JSON.stringify(file)};`);
  return `${[...head, ...body].join("\n")}\n`;
}
