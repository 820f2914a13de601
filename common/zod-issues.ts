import type { z } from "zod";

/** One line per problem, each named by its path ("frontmatter" or the like where the whole value is wrong). */
export function describeIssues(error: z.ZodError, whole = "value"): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || whole}: ${issue.message}`);
}
