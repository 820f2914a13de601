import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest orders files by the durations it cached on the last run, and a fresh
 * clone (CI) has none, so it ran the longest file, the kill -9 claim test
 * (70–95 s), last, on one worker while the other sat idle. The build tests,
 * which start server processes and hold the longest files, go first; the
 * rest keep Vitest's order.
 */
export default class BuildTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const isBuildTest = (file: TestSpecification) => file.moduleId.includes("/tests/build/");
    return [...ordered.filter(isBuildTest), ...ordered.filter((file) => !isBuildTest(file))];
  }
}
