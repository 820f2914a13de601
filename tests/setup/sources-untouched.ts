import path from "node:path";
import { newestSourceChange } from "../../scripts/build-sources.mjs";
import { projectRoot } from "../../server/project-root.ts";

/**
 * Fails the run when a test wrote into the project's sources: `npm start`
 * builds again when they changed, and a file left there could reach the
 * next build. Tests write into temporary folders instead.
 */
export default function setup() {
  const before = newestSourceChange(projectRoot);
  return () => {
    const after = newestSourceChange(projectRoot);
    if (after.mtimeMs <= before.mtimeMs) return;
    // Vitest prints an error thrown here but still exits with 0.
    console.error(
      `${path.relative(projectRoot, after.path)} changed during the tests: a test wrote into the project's sources (or it was edited while they ran).`,
    );
    process.exitCode = 1;
  };
}
