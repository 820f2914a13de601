import { type InputHTMLAttributes, useId } from "react";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  hint?: string;
  invalid?: boolean;
};

/** A labelled input; `hint` is read with it, and `invalid` marks it for assistive technology. */
export function TextField({ label, hint, invalid = false, className = "", ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {input.required ? null : <span className="font-normal text-ink-700"> (optional)</span>}
      </label>
      <input id={id} aria-invalid={invalid || undefined} aria-describedby={hint ? hintId : undefined} className="field-input" {...input} />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
