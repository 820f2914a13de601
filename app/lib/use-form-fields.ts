import { type ChangeEvent, useState } from "react";

type Values = Record<string, string | boolean>;

/**
 * A form's values. `set(name)` is an input's change handler: a checkbox gives
 * its ticked state, any other input its text, and each change starts from the
 * latest values, so two quick edits never undo each other.
 */
export function useFormFields<Fields extends Values>(empty: Fields) {
  const [fields, setFields] = useState(empty);
  const set =
    (name: keyof Fields) =>
    ({ target }: ChangeEvent<HTMLInputElement>) => {
      const value = target.type === "checkbox" ? target.checked : target.value;
      setFields((current) => ({ ...current, [name]: value }));
    };
  return { fields, set, setFields, clear: () => setFields(empty) };
}
