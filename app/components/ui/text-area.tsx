import { type TextareaHTMLAttributes, useId } from "react";

/** A labelled text area, given its name, value and error wiring by a form's `field(name)`, as <TextField> is. */
export function TextArea({
  label,
  className = "",
  id: givenId,
  ...input
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea id={id} className={`field-input ${className}`} {...input} />
    </div>
  );
}
