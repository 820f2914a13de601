import { TextField } from "../../components/ui/text-field.tsx";
import type { FieldProps } from "../../lib/use-api-form.ts";

/** The six-digit code from the authenticator app, asked again before money moves; `field` from the form that sends it. */
export function CodeField(field: Partial<FieldProps>) {
  return (
    <TextField
      label="Code from your authenticator app"
      name="code"
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      hint="Six digits. Each code works once."
      {...field}
    />
  );
}
