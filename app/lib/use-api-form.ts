import { useId, useState } from "react";
import type { z } from "zod";
import type { CsrfPage } from "../../common/api/auth.ts";
import { checkFields } from "../../common/api/fields.ts";
import type { ApiResult, Message } from "./api-client.ts";
import { useCsrfToken } from "./use-csrf-token.ts";

export const UNREACHABLE = "We could not reach the server. Check your connection and try again.";

type FormState = { submitting: boolean; error: string | null; invalid: string | null; success: string | null };

const IDLE: FormState = { submitting: false, error: null, invalid: null, success: null };

/**
 * One way to send a form: check the fields with the route's own schema (its
 * order and texts), send with the page's CSRF token (fetched again and sent
 * once more when the server says the form expired), and keep the submitting
 * flag, the error, the field it concerns and the success message. A form
 * whose endpoint takes no CSRF token (the contact form, which may post to an
 * external provider) passes `null` and is sent once, with an empty token.
 * `serverFields` names the field each of the server's own refusals concerns
 * (an email already taken, a wrong current password), so it is marked too;
 * `errorId` is the error message's id, which a marked field points at.
 */
export function useApiForm(page: CsrfPage | null, { loadToken = true }: { loadToken?: boolean } = {}) {
  const csrf = useCsrfToken(page, { load: loadToken });
  const [state, setState] = useState<FormState>(IDLE);
  const errorId = useId();

  async function submit<Shape extends z.ZodRawShape>(
    schema: z.ZodObject<Shape>,
    values: unknown,
    send: (data: z.output<z.ZodObject<Shape>>, csrfToken: string) => Promise<ApiResult<Message>>,
    serverFields: Readonly<Record<string, keyof Shape & string>> = {},
  ): Promise<boolean> {
    const checked = checkFields(schema, values);
    if (!checked.ok) {
      setState({ submitting: false, error: checked.message, invalid: checked.field, success: null });
      return false;
    }
    setState({ submitting: true, error: null, invalid: null, success: null });
    let result = await send(checked.data, (await csrf.ensure()) ?? "");
    if (result.status === 403 && page) result = await send(checked.data, (await csrf.refresh()) ?? "");
    if (result.ok && result.body?.suc_msg) {
      setState({ submitting: false, error: null, invalid: null, success: result.body.suc_msg });
      return true;
    }
    const error = result.body?.err_msg ?? UNREACHABLE;
    setState({ submitting: false, error, invalid: serverFields[error] ?? null, success: null });
    return false;
  }

  /** Back to idle: no error, no success (a form closed or opened again). */
  const reset = () => setState(IDLE);

  return { ...state, errorId, submit, reset };
}
