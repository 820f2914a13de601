import type { ReactNode } from "react";

/** A console list's filter: its label and a native select of `children` options, whose "" option means no filter. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field-input w-auto" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </>
  );
}
