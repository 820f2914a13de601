import { Fragment } from "react";
import { CopyButton } from "./copy-button.tsx";

/**
 * "0x4b3e" then groups of four: a reader compares the address group by group,
 * and a line can only break between groups, never after "0x" or before a lone
 * last character. The breaks are <wbr>, not spaces, so a selected address
 * copies whole.
 */
export function addressGroups(address: string): string[] {
  const groups = address.slice(2).match(/.{1,4}/g) ?? [];
  return groups.map((group, index) => (index === 0 ? `${address.slice(0, 2)}${group}` : group));
}

/**
 * A printed address: monospace, grouped, with Copy and a link to the block
 * explorer. The token-address dialog renders it, and so does the Markdown of
 * the guides and legal pages (at build time, to static HTML).
 */
export function AddressBlock({ address, explorerUrl, explorerName }: { address: string; explorerUrl: string; explorerName: string }) {
  const groups = addressGroups(address);
  return (
    <span className="address-block" data-address={address}>
      <span className="address-block-value" translate="no">
        {groups.map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the groups are positions in one fixed string
          <Fragment key={index}>
            {index > 0 ? <wbr /> : null}
            <span>{group}</span>
          </Fragment>
        ))}
      </span>
      <span className="address-block-actions">
        <CopyButton text={address} className="btn-secondary min-h-10 px-4 py-1.5 text-sm" />
        <a href={explorerUrl} className="link text-sm" rel="noopener noreferrer" target="_blank">
          View on {explorerName}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </span>
    </span>
  );
}
