import type { ReactNode } from "react";
import { DialogButton } from "../../components/ui/dialog-button.tsx";
import TokenAddressText from "./token-address-text.tsx";

/** The token's public contract address, with a Copy button. */
export function TokenAddressDialog({ buttonClassName, label }: { buttonClassName: string; label?: ReactNode }) {
  return (
    <DialogButton label={label ?? "Public Token Address"} title="Public Token Address" buttonClassName={buttonClassName}>
      <TokenAddressText />
    </DialogButton>
  );
}
