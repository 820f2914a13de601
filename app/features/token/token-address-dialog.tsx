import { explorerTokenUrl } from "../../../common/links.ts";
import { CopyButton } from "../../components/ui/copy-button.tsx";
import { DialogButton } from "../../components/ui/dialog-button.tsx";
import { site } from "../../site.ts";

/** The token's public contract address, with a Copy button. */
export function TokenAddressDialog({ buttonClassName }: { buttonClassName: string }) {
  const { token, explorer } = site;
  return (
    <DialogButton label="Public Token Address" title="Public Token Address" buttonClassName={buttonClassName}>
      <p className="text-base text-ink-800">
        The {token.name} ({token.symbol}) contract on {token.chainName}. Use this address, and only this one, to add {token.symbol} to your
        wallet or to check it on a block explorer.
      </p>
      <p className="mt-4 rounded-lg bg-sand-100 p-3 font-mono text-sm break-all sm:text-base" data-testid="token-address">
        {token.address}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <CopyButton text={token.address} />
        <a href={explorerTokenUrl(site)} className="link" rel="noopener noreferrer" target="_blank">
          View on {explorer.name}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <p className="mt-4 text-sm text-ink-700">
        Never send tokens to the contract address itself: they would be lost. Tokens with the same name at other addresses are not{" "}
        {token.name}.
      </p>
    </DialogButton>
  );
}
