import { z } from "zod";
import { isValidEmail } from "../account-rules.ts";
import { appField, jsonObject, requiredText } from "./fields.ts";

/** A reader's "Something looks different?" report about a guide, kept in the contact inbox. */

export const GUIDE_REPORT_NOTE_MAX = 2_000;
export const GUIDE_REPORT_RECEIVED = "Thank you: the team will check this guide against the app.";
export const GUIDE_REPORT_LIMITED = "You have sent several reports already. Please try again in an hour.";

/** What the reader fills in, in the order the form checks it; the API adds `app`. */
export const guideReportFields = z.object({
  page: z.string({ error: "Choose a guide." }).regex(/^\/[a-z0-9-]+$/, "Choose a guide."),
  step: z.number({ error: "Choose a step." }).int().min(1, "Choose a step.").max(99, "Choose a step.").optional(),
  note: requiredText(
    "Tell us what looks different.",
    GUIDE_REPORT_NOTE_MAX,
    `Please keep it under ${GUIDE_REPORT_NOTE_MAX.toLocaleString("en-US")} characters.`,
  ),
  email: z
    .string()
    .trim()
    .refine((value) => value === "" || isValidEmail(value), "Please enter a valid email, or leave it empty.")
    .optional()
    .default(""),
});

export function guideReportBody(slug: string) {
  return jsonObject({ app: appField(slug), ...guideReportFields.shape });
}
export type GuideReportBody = z.input<ReturnType<typeof guideReportBody>>;
