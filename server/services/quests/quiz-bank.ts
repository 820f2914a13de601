import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { guideCatalog } from "../../../app/content/guide-catalog.ts";
import { fillPlaceholders, placeholderValues } from "../../../app/content/placeholders.ts";
import { splitFrontmatter } from "../../../common/frontmatter.ts";
import { describeIssues } from "../../../common/zod-issues.ts";
import type { SiteConfig } from "../../../config/site.ts";
import { projectRoot } from "../../project-root.ts";

/**
 * The quizzes, one a guide, from `content/quizzes/<quiz>.md`: the guide it
 * tests, the pass mark, and each question with its choices, the one right
 * choice and why each choice is right or wrong. Read once, checked whole:
 * a quiz with no right answer, two, or a pass mark above its questions
 * stops the server with the file's name.
 */

const id = z.string().regex(/^[a-z0-9-]{1,40}$/, "must be lowercase letters, digits and hyphens");
const quizSchema = z
  .object({
    guide: z.string().regex(/^(browser|mobile|tips)\/[A-Za-z0-9-]+$/, "must name a guide as <platform>/<file name>"),
    title: z.string().min(1).max(120),
    pass: z.number().int().positive(),
    questions: z
      .array(
        z.object({
          id,
          text: z.string().min(1).max(400),
          choices: z
            .array(z.object({ id, text: z.string().min(1).max(300), correct: z.boolean().default(false), why: z.string().min(1).max(400) }))
            .min(2)
            .max(6),
        }),
      )
      .min(1)
      .max(20),
  })
  .superRefine((quiz, context) => {
    if (quiz.pass > quiz.questions.length) context.addIssue({ code: "custom", message: "pass: more than the quiz has questions" });
    const questionIds = new Set(quiz.questions.map((question) => question.id));
    if (questionIds.size !== quiz.questions.length) context.addIssue({ code: "custom", message: "questions: an id is used twice" });
    for (const question of quiz.questions) {
      if (question.choices.filter((choice) => choice.correct).length !== 1)
        context.addIssue({ code: "custom", message: `question ${question.id}: needs exactly one correct choice` });
      if (new Set(question.choices.map((choice) => choice.id)).size !== question.choices.length)
        context.addIssue({ code: "custom", message: `question ${question.id}: a choice id is used twice` });
    }
  });

/** A quiz, with its file name as its id and the page of the guide it tests (the first, for a guide on two phones). */
export type Quiz = z.infer<typeof quizSchema> & { slug: string; guidePath: string; guideTitle: string };
export type QuizBank = ReadonlyMap<string, Quiz>;

export const QUIZ_FOLDER = "content/quizzes";

export function loadQuizBank(site: SiteConfig, folder = path.join(projectRoot, QUIZ_FOLDER)): QuizBank {
  const values = placeholderValues(site);
  const guides = guideCatalog(site);
  const bank = new Map<string, Quiz>();
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .sort()) {
    const source = `${QUIZ_FOLDER}/${file}`;
    const filled = fillPlaceholders(readFileSync(path.join(folder, file), "utf8"), values, source);
    const parsed = quizSchema.safeParse(splitFrontmatter(filled, source).frontmatter);
    if (!parsed.success) throw new Error(`${source}: ${describeIssues(parsed.error).join("; ")}`);
    const guide = guides.find((entry) => entry.file === `${parsed.data.guide}.md`);
    if (!guide) throw new Error(`${source}: guide: no guide content/guides/${parsed.data.guide}.md`);
    bank.set(file.slice(0, -3), { ...parsed.data, slug: file.slice(0, -3), guidePath: guide.path, guideTitle: guide.title });
  }
  return bank;
}
