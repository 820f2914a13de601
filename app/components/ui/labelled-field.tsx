import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";

/** A control under its label; the id comes from a form's `field(name)`, or is made here. */
function Labelled({ label, id, children }: { label: string; id: string; children: (id: string) => ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled text area, given its name, value and error wiring by a form's `field(name)`, as <TextField> is. */
export function TextArea({ label, className = "", id, ...input }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const ownId = useId();
  return (
    <Labelled label={label} id={id ?? ownId}>
      {(id) => <textarea id={id} className={`field-input ${className}`} {...input} />}
    </Labelled>
  );
}

/** A labelled choice; `options` lists choices whose text is their value, `children` any others. */
export function SelectField({
  label,
  options = [],
  children,
  id,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options?: readonly string[] }) {
  const ownId = useId();
  return (
    <Labelled label={label} id={id ?? ownId}>
      {(id) => (
        <select id={id} className="field-input" {...select}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
          {children}
        </select>
      )}
    </Labelled>
  );
}
