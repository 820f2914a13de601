import type { ChangeEvent } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../common/account-rules.ts";
import { TextField } from "./text-field.tsx";

type NewPasswordFieldsProps = {
  /** "Password" on the register form, "New password" where one is replaced. */
  label: string;
  values: { password: string; password2: string };
  set: (name: "password" | "password2") => (event: ChangeEvent<HTMLInputElement>) => void;
  /** The field the last answer named, if any. */
  invalid: string | null;
  /** The form's error message, read with the field it names. */
  errorId: string;
};

/** A new password and its confirmation, with the same advice wherever a member chooses one. */
export function NewPasswordFields({ label, values, set, invalid, errorId }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.`}
        invalid={invalid === "password"}
        errorId={errorId}
        value={values.password}
        onChange={set("password")}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        invalid={invalid === "password2"}
        errorId={errorId}
        value={values.password2}
        onChange={set("password2")}
      />
    </>
  );
}
