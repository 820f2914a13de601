import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { site } from "../../site.ts";

/** The example payment-request QR code the receive guides show, with what it encodes, part by part. */
export function PaymentRequest({ uri, svg, tokens }: { uri: string; svg: string; tokens: string }) {
  const { token } = site;
  return (
    <TitledSection className="card mt-10">
      <SectionHeading className="text-2xl font-bold">What a {token.symbol} payment request looks like</SectionHeading>
      <p className="mt-2 text-base text-ink-800">
        This example asks for {tokens} {token.symbol}. A request made in your wallet has the same parts, with your own address and amount:
        compare them before you share it.
      </p>
      <div className="mt-5 grid items-start gap-6 md:grid-cols-[220px_1fr]">
        <div
          role="img"
          aria-label={`Example QR code of a request for ${tokens} ${token.symbol}, with its corner squares left out so it cannot be scanned`}
          className="mx-auto w-[220px]"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <dl className="space-y-3 text-base">
          <div>
            <dt className="font-semibold">The whole request</dt>
            <dd className="mt-1 rounded-lg bg-sand-100 p-2 font-mono text-sm break-all" data-testid="payment-request-uri">
              {uri}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Token contract</dt>
            <dd className="font-mono text-sm break-all">{token.address}: must match the official address exactly</dd>
          </div>
          <div>
            <dt className="font-semibold">Network</dt>
            <dd>
              @{token.chainId}: {token.chainName}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Amount</dt>
            <dd>
              uint256 is the amount in the token's smallest units: {tokens} × 10<sup>{token.decimals}</sup>
            </dd>
          </div>
        </dl>
      </div>
      <div className="callout callout-warning" role="note">
        <p className="callout-title">Example only</p>
        <p>
          This picture has its three corner squares left out, so no wallet can scan it. Its recipient is the zero address, which no one
          owns: never send anything to it. A real request shows your own address, and all three corner squares.
        </p>
      </div>
    </TitledSection>
  );
}
