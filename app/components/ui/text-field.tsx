import { type InputHTMLAttributes, useId, useState } from "react";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  hint?: string;
  invalid?: boolean;
  /** The id of the form's error message, read with the field while it is invalid. */
  errorId?: string;
};

/**
 * A labelled input; `hint` is read with it, and `invalid` marks it for
 * assistive technology, with the form's error message (`errorId`) read too. A password field gets a "Show password" toggle, so a
 * person on a phone can check what they typed.
 */
export function TextField({ label, hint, invalid = false, errorId, className = "", type, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [shown, setShown] = useState(false);
  const password = type === "password";
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {input.required ? null : <span className="font-normal text-ink-700"> (optional)</span>}
      </label>
      <div className={password ? "flex items-stretch gap-2" : undefined}>
        <input
          id={id}
          type={password && shown ? "text" : type}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(invalid ? errorId : undefined, hint ? hintId : undefined)}
          className="field-input"
          {...input}
        />
        {password ? (
          <button
            type="button"
            className="btn-secondary shrink-0 px-3 text-sm"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((current) => !current)}
          >
            Show<span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The ids an element is described by, or none. */
function describedBy(...ids: Array<string | undefined>): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}
