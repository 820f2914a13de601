import { type FormEvent, useEffect, useRef, useState } from "react";
import { walletFields } from "../../../common/api/rewards.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/api-call.ts";
import { WALLET_SUCCESS_MESSAGE_MS } from "../../lib/timings.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { site } from "../../site.ts";

/**
 * Viewing mode with "Update wallet address"; editing mode with Save and
 * Cancel. The CSRF token is asked for only when none is held.
 */
export function WalletAddressForm({ address, onSaved }: { address: string; onSaved: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const form = useApiForm(walletFields, { address }, { csrf: "update-wallet-address", refusals: "address", loadToken: false });
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
    clearTimeout(savedTimer.current);
    form.setValues({ address });
    form.reset();
    setEditing(true);
  };

  const cancel = () => {
    form.setValues({ address });
    form.reset();
    returnFocus.current = true;
    setEditing(false);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dashboard is read again while the form still says "Saving...", so it closes on the new address.
    const saved = await form.submit(async (data, csrfToken) => {
      const result = await call("PUT /api/dashboard-update-wallet-address", { body: { ...data, old_address: address, csrfToken } });
      if (result.ok) await onSaved();
      return result;
    });
    if (!saved) return;
    returnFocus.current = true;
    setEditing(false);
    savedTimer.current = setTimeout(form.reset, WALLET_SUCCESS_MESSAGE_MS);
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
            if (event.key === "Escape" && !form.submitting) cancel();
          }}
          noValidate
          className="mt-4 space-y-4"
        >
          <FormMessage error={form.error} errorId={form.message.errorId} />
          <div ref={input}>
            <TextField
              label="Wallet address"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="0x…"
              className="font-mono"
              {...form.field("address")}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={form.submitting}>
              {form.submitting ? "Saving..." : "Save"}
            </button>
            <button type="button" className="btn-secondary" onClick={cancel} disabled={form.submitting}>
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
        <FormMessage success={editing ? null : form.success} />
      </div>
    </CardSection>
  );
}
