import { explorerTokenUrl, TOKEN_ADDRESS_QR_PATH } from "../../../common/links.ts";
import { AddressBlock } from "../../components/ui/address-block.tsx";
import { site } from "../../site.ts";

/** The token's public contract address, with a Copy button: the Public Token Address dialog's text, a default export, which the footer loads on demand (footer-dialog-texts.ts). */
export default function TokenAddressText() {
  const { token, explorer } = site;
  return (
    <>
      <p className="text-base text-ink-800">
        The {token.name} ({token.symbol}) contract on {token.chainName}. Use this address, and only this one, to add {token.symbol} to your
        wallet or to check it on a block explorer.
      </p>
      <AddressBlock address={token.address} explorerUrl={explorerTokenUrl(site)} explorerName={explorer.name} />
      <figure className="mt-4 flex flex-col items-center gap-2">
        <img
          src={TOKEN_ADDRESS_QR_PATH}
          alt={`QR code of the ${token.symbol} contract address`}
          width={176}
          height={176}
          loading="lazy"
          className="rounded-lg border border-sand-200"
        />
        <figcaption className="text-center text-sm text-ink-700">
          To read the address on your phone, for example to add the token.
        </figcaption>
      </figure>
      <p className="mt-4 text-sm text-ink-700">
        Never send tokens to the contract address itself: they would be lost. Tokens with the same name at other addresses are not{" "}
        {token.name}.
      </p>
    </>
  );
}
