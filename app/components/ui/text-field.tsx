import { type InputHTMLAttributes, useId, useState } from "react";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

/**
 * A labelled input, usually given its name, value and error wiring by a form's
 * `field(name)` (app/lib/use-api-form.ts); `hint` is read with it, after the
 * error it points at. A password field gets a "Show password" toggle, so a
 * person on a phone can check what they typed.
 */
export function TextField({ label, hint, className = "", type, id: givenId, "aria-describedby": error, ...input }: TextFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
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
          aria-describedby={describedBy(error, hint ? hintId : undefined)}
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
