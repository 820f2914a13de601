import { type ChangeEvent, useCallback, useState } from "react";

type Values = Record<string, string | boolean>;

/**
 * A form's values. `set(name)` is an input's change handler: a checkbox gives
 * its ticked state, any other input its text, and each change starts from the
 * latest values, so two quick edits never undo each other. `keepTyped` is
 * the form's ref (see there).
 */
export function useFormFields<Fields extends Values>(empty: Fields) {
  const [fields, setFields] = useState(empty);
  const [initial] = useState(empty);
  const set =
    (name: keyof Fields) =>
    ({ target }: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = target instanceof HTMLInputElement && target.type === "checkbox" ? target.checked : target.value;
      setFields((current) => ({ ...current, [name]: value }));
    };
  // The prerendered form can be typed into before React takes over, and React then puts back the empty state it
  // rendered. Passed as the form's ref, this keeps what was typed: it runs as React adopts the form, before any re-render.
  const keepTyped = useCallback(
    (form: HTMLFormElement | null) => {
      if (!form) return;
      const typed: Partial<Fields> = {};
      for (const name of Object.keys(initial)) {
        const input = form.elements.namedItem(name);
        if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
        const value = input instanceof HTMLInputElement && input.type === "checkbox" ? input.checked : input.value;
        if (value !== initial[name]) typed[name as keyof Fields] = value as Fields[keyof Fields];
      }
      if (Object.keys(typed).length > 0) setFields((current) => ({ ...current, ...typed }));
    },
    [initial],
  );
  return { fields, set, setFields, clear: () => setFields(empty), keepTyped };
}
