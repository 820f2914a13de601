import { z } from "zod";
import { isValidEmail } from "../account-rules.ts";
import { type FieldProblem, requiredText, text } from "./fields.ts";

/**
 * The contact form. Its endpoint speaks the protocol of hosted form-submission
 * services (multipart or urlencoded fields with an access key; an answer of
 * `success` and `message`), so an operator can point the form at one of those.
 */

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5_000 } as const;
export { CONTACT_RECEIVED } from "./contact-received.ts";

const LINE_BREAKS = "Line breaks are not allowed in the name, email or subject.";

// The name, email and subject become email headers when messages are forwarded: a line break would let a sender add headers of their own.
const oneLine = (value: string) => !/[\r\n]/.test(value);

/** What a person writes, in the order the form checks it. */
export const contactMessage = z.object({
  name: requiredText(
    "Please enter your name.",
    CONTACT_LIMITS.name,
    `Please keep your name under ${CONTACT_LIMITS.name} characters.`,
  ).refine(oneLine, LINE_BREAKS),
  email: z.string({ error: "Please enter a valid email." }).trim().refine(isValidEmail, "Please enter a valid email."),
  message: requiredText(
    "Please enter a message.",
    CONTACT_LIMITS.message,
    `Please keep your message under ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.`,
  ),
  subject: text("The subject is too long.", CONTACT_LIMITS.subject, "The subject is too long.")
    .trim()
    .refine(oneLine, LINE_BREAKS)
    .default(""),
});
export type ContactMessage = z.output<typeof contactMessage>;

const field = z.string().max(20_000).optional().default("");

/** The request as it arrives: every field is text, checked by the service after the access key and the rate limit. */
export const contactSubmission = z.object(
  { name: field, email: field, message: field, subject: field, access_key: field, botcheck: field },
  { error: "Send the form's fields." },
);
export type ContactSubmission = z.input<typeof contactSubmission>;

export const contactAnswer = z.object({ success: z.boolean(), message: z.string(), err_msg: z.string().optional() });
export type ContactAnswer = z.infer<typeof contactAnswer>;

/** Why a message was not taken: the form's access key, too many messages from one network, or a field (in the words of its check above). */
export type ContactRefusal =
  | { refusal: "unknown_access_key" | "too_many_messages" }
  | { refusal: "invalid_message"; problem: FieldProblem };

const CONTACT_REFUSAL_TEXTS = {
  unknown_access_key: "This form is not set up correctly: its access key is unknown.",
  too_many_messages: "You have sent several messages already. Please try again in an hour.",
} as const;

export function contactRefusalText(refused: ContactRefusal): string {
  return refused.refusal === "invalid_message" ? refused.problem.message : CONTACT_REFUSAL_TEXTS[refused.refusal];
}

/** A refusal: the provider's shape, or only `err_msg` when a guard in front of every route refused. */
export const contactRefusal = z.object({ success: z.literal(false).optional(), message: z.string().optional(), err_msg: z.string() });
