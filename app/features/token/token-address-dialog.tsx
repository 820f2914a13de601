import type { ReactNode } from "react";
import { explorerTokenUrl } from "../../../common/links.ts";
import { AddressBlock } from "../../components/ui/address-block.tsx";
import { DialogButton } from "../../components/ui/dialog-button.tsx";
import { site } from "../../site.ts";

/** The token's public contract address, with a Copy button. */
export function TokenAddressDialog({ buttonClassName, label }: { buttonClassName: string; label?: ReactNode }) {
  const { token, explorer } = site;
  return (
    <DialogButton label={label ?? "Public Token Address"} title="Public Token Address" buttonClassName={buttonClassName}>
      <p className="text-base text-ink-800">
        The {token.name} ({token.symbol}) contract on {token.chainName}. Use this address, and only this one, to add {token.symbol} to your
        wallet or to check it on a block explorer.
      </p>
      <AddressBlock address={token.address} explorerUrl={explorerTokenUrl(site)} explorerName={explorer.name} />
      <p className="mt-4 text-sm text-ink-700">
        Never send tokens to the contract address itself: they would be lost. Tokens with the same name at other addresses are not{" "}
        {token.name}.
      </p>
    </DialogButton>
  );
}
