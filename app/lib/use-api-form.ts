import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import type { z } from "zod";
import type { CsrfPage } from "../../common/api/auth.ts";
import { checkFields, type FieldProblem } from "../../common/api/fields.ts";
import { type ApiResult, type Message, UNREACHABLE } from "./api-request.ts";
import { useCsrfToken } from "./use-csrf-token.ts";
import { useFormFields } from "./use-form-fields.ts";

type Values = Record<string, string | boolean>;
type FormState = { submitting: boolean; error: string | null; invalid: string | null; success: string | null };

const IDLE: FormState = { submitting: false, error: null, invalid: null, success: null };

/** What `field(name)` gives an input: spread it onto <TextField> or an <input>. */
export type FieldProps = {
  name: string;
  id: string;
  value?: string;
  checked?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type Options<Shape extends z.ZodRawShape, Fields extends Values> = {
  /** The page whose CSRF token the form sends; null for a form that takes none (contact, the console, whose calls carry their own). */
  csrf: CsrfPage | null;
  /**
   * The field each of the server's own refusals concerns (an email already taken, a wrong password), so it is marked too;
   * or the one field every refusal of a one-field form concerns.
   */
  refusals?: Readonly<Record<string, keyof Fields & string>> | (keyof Fields & string);
  loadToken?: boolean;
  /** A check the schema cannot make, of what only the page knows (the member's balance): the field it concerns and why, or null. */
  check?: (data: z.output<z.ZodObject<Shape>>) => FieldProblem<keyof Fields & string> | null;
};

/**
 * One way to fill and send a form, for members' and operators' forms alike:
 * the values, checked with the endpoint's own schema (its order and texts;
 * in the browser its compiled copy, decision 060) before anything is sent,
 * the CSRF token (fetched again and sent once more when the server says the
 * form expired), and the submitting flag, the error and the success.
 * `field(name)` gives an input everything it needs, so a field is one line
 * and an error is wired the same way everywhere: the marked field points at
 * the form's one error message (`message`, for <FormMessage>).
 */
export function useApiForm<Shape extends z.ZodRawShape, Fields extends Values>(
  schema: z.ZodObject<Shape>,
  empty: Fields,
  { csrf: page, refusals = {}, loadToken = true, check }: Options<Shape, Fields>,
) {
  const { fields: values, set, setFields: setValues, clear, keepTyped } = useFormFields(empty);
  const csrf = useCsrfToken(page, { load: loadToken });
  const [state, setState] = useState<FormState>(IDLE);
  const formId = useId();
  const errorId = `${formId}error`;

  function field(name: keyof Fields & string): FieldProps {
    const invalid = state.invalid === name && state.error !== null;
    const value = values[name];
    return {
      name,
      id: `${formId}${name}`,
      ...(typeof value === "boolean" ? { checked: value } : { value: value as string }),
      onChange: set(name),
      "aria-invalid": invalid || undefined,
      "aria-describedby": invalid ? errorId : undefined,
    };
  }

  /**
   * Checks the values, sends them, and answers the reply (null when refused).
   * `said` is the sentence a reply shows (by default the server's own);
   * `input` is what the schema checks, when it is not the values as typed.
   */
  async function submit<Reply extends object>(
    send: (data: z.output<z.ZodObject<Shape>>, csrfToken: string) => Promise<ApiResult<Reply & Message>>,
    { said = (reply) => reply.suc_msg, input = values }: { said?: (reply: Reply & Message) => string | undefined; input?: unknown } = {},
  ): Promise<Reply | null> {
    const refuse = ({ field, message }: FieldProblem) => {
      setState({ submitting: false, error: message, invalid: field, success: null });
      return null;
    };
    const checked = checkFields(schema, input);
    if (!checked.ok) return refuse(checked);
    const beyond = check?.(checked.data);
    if (beyond) return refuse(beyond);
    setState({ submitting: true, error: null, invalid: null, success: null });
    const result = await csrf.sendWithToken((csrfToken) => send(checked.data, csrfToken));
    if (result.ok && result.body && !result.body.err_msg) {
      setState({ submitting: false, error: null, invalid: null, success: said(result.body) ?? null });
      return result.body;
    }
    const refused = result.body?.err_msg;
    const invalid = refused === undefined ? null : typeof refusals === "string" ? refusals : (refusals[refused] ?? null);
    setState({ submitting: false, error: refused ?? UNREACHABLE, invalid, success: null });
    return null;
  }

  /** The <form>'s onSubmit for a plain form: the browser's own submission stopped, `submit(send)`, then `then` with the reply unless refused. */
  function onSubmit<Reply extends object>(
    send: (data: z.output<z.ZodObject<Shape>>, csrfToken: string) => Promise<ApiResult<Reply & Message>>,
    then?: (reply: Reply) => void,
  ) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const reply = await submit(send);
      if (reply && then) then(reply);
    };
  }

  /** Back to idle: no error, no success (a form closed or opened again). */
  const reset = () => setState(IDLE);

  return {
    ...state,
    values,
    setValues,
    clear,
    keepTyped,
    field,
    message: { error: state.error, errorId, success: state.success },
    submit,
    onSubmit,
    reset,
  };
}
