import { type FormEvent, useEffect, useRef, useState } from "react";
import { checkFields } from "../../../common/api/fields.ts";
import { ADDRESS_UPDATED, walletFields } from "../../../common/api/rewards.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { updateWalletAddress } from "../../lib/api-client.ts";
import { WALLET_SUCCESS_MESSAGE_MS } from "../../lib/timings.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";
import { site } from "../../site.ts";

/**
 * Viewing mode with "Update wallet address"; editing mode with Save and
 * Cancel. The CSRF token is asked for only when none is held.
 */
export function WalletAddressForm({ address, onSaved }: { address: string; onSaved: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(address);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const csrf = useCsrfToken("update-wallet-address", { load: false });
  const input = useRef<HTMLDivElement>(null);
  const updateButton = useRef<HTMLButtonElement>(null);
  // Cancel and Save remove the focused button: the keyboard goes back to "Update wallet address", not to the page's top.
  const returnFocus = useRef(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(savedTimer.current), []);
  useEffect(() => {
    if (editing) input.current?.querySelector("input")?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      updateButton.current?.focus();
    }
  }, [editing]);

  const startEditing = () => {
    setValue(address);
    setError(null);
    setSaved(false);
    setEditing(true);
  };

  const cancel = () => {
    setValue(address);
    setError(null);
    returnFocus.current = true;
    setEditing(false);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkFields(walletFields, { address: value });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSaving(true);
    setError(null);
    const csrfToken = (await csrf.ensure()) ?? "";
    const result = await updateWalletAddress({ ...checked.data, old_address: address, csrfToken });
    if (result.body?.err_msg || !result.ok) {
      if (result.status === 403) void csrf.refresh();
      setError(result.body?.err_msg ?? "We could not reach the server. Check your connection and try again.");
      setSaving(false);
      return;
    }
    await onSaved();
    setSaving(false);
    returnFocus.current = true;
    setEditing(false);
    setSaved(true);
    clearTimeout(savedTimer.current);
    savedTimer.current = setTimeout(() => setSaved(false), WALLET_SUCCESS_MESSAGE_MS);
  };

  return (
    <CardSection title="Wallet address">
      <p className="mt-1 text-base text-ink-800">
        Where your {site.token.symbol} will be sent on {site.token.chainName}.
      </p>
      {editing ? (
        <form
          onSubmit={save}
          onKeyDown={(event) => {
            if (event.key === "Escape" && !saving) cancel();
          }}
          noValidate
          className="mt-4 space-y-4"
        >
          <FormMessage error={error} />
          <div ref={input}>
            <TextField
              label="Wallet address"
              name="address"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="0x…"
              className="font-mono"
              invalid={Boolean(error)}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </button>
            <button type="button" className="btn-secondary" onClick={cancel} disabled={saving}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="rounded-lg bg-sand-100 p-3 font-mono text-sm break-all sm:text-base" data-testid="wallet-address">
            {address || "No wallet address yet."}
          </p>
          <button ref={updateButton} type="button" className="btn-secondary" onClick={startEditing}>
            Update wallet address
          </button>
        </div>
      )}
      <div className="mt-4">
        <FormMessage success={saved ? ADDRESS_UPDATED : null} />
      </div>
    </CardSection>
  );
}
