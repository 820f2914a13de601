import type { ContactAnswer } from "../../../common/api/contact.ts";
import { CONTACT_RECEIVED } from "../../../common/api/contact-received.ts";
import { site } from "../../site.ts";
import { type ApiResult, type Message, request } from "../api-client.ts";

/**
 * Posts the contact form as multipart form data to the configured endpoint:
 * ours by default, or an external provider's. The providers' answer
 * (`success` and `message`) is told as every other call's: `suc_msg` or `err_msg`.
 */
export async function submitContactForm(form: FormData): Promise<ApiResult<Message>> {
  const result = await request<Partial<ContactAnswer>>(site.contact.endpoint, { method: "POST", body: form });
  if (!result.body) return { ...result, body: null };
  const { success, message, err_msg } = result.body;
  return { ...result, body: success === true ? { suc_msg: message || CONTACT_RECEIVED } : { err_msg: message ?? err_msg } };
}
