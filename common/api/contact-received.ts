/** Apart from the contact schemas, so the browser's API client can say it without loading zod on every page. */
export const CONTACT_RECEIVED = "Your message has been submitted.";
