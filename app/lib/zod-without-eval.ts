/**
 * zod probes `new Function` to decide whether it may compile its object
 * parsers; under the pages' strict CSP (no 'unsafe-eval') the probe is refused
 * and the browser reports a violation, even though zod catches it. Its
 * `jitless` setting skips the probe. This sets it where zod reads its settings
 * (globalThis.__zod_globalConfig) before any module builds a schema, without
 * importing zod into every page: root.tsx imports this first.
 */
type ZodSettings = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  const settings = globalThis as ZodSettings;
  settings.__zod_globalConfig = { ...settings.__zod_globalConfig, jitless: true };
}
