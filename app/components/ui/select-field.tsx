import { type SelectHTMLAttributes, useId } from "react";

/** A labelled choice, given its name, value and error wiring by a form's `field(name)`, as <TextField> is. */
export function SelectField({
  label,
  className = "",
  id: givenId,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className={`field-input ${className}`} {...select} />
    </div>
  );
}
