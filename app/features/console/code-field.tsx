import { TextField } from "../../components/ui/text-field.tsx";

/** The six-digit code from the authenticator app, asked again before money moves. */
export function CodeField({ label = "Code from your authenticator app", name = "code" }: { label?: string; name?: string }) {
  return (
    <TextField
      label={label}
      name={name}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      hint="Six digits. Each code works once."
    />
  );
}
