import { PASSWORD_MIN_LENGTH } from "../../../common/account-rules.ts";
import type { FieldProps } from "../../lib/use-api-form.ts";
import { TextField } from "./text-field.tsx";

/** A new password and its confirmation, with the same advice wherever a member chooses one. */
export function NewPasswordFields({ label, field }: { label: string; field: (name: "password" | "password2") => FieldProps }) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.`}
        {...field("password")}
      />
      <TextField label={`Confirm ${label.toLowerCase()}`} type="password" autoComplete="new-password" required {...field("password2")} />
    </>
  );
}
