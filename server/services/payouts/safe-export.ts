import { type Address, getAddress, keccak256, toHex } from "viem";
import type { SiteConfig } from "../../../config/site.ts";
import { toBaseUnits } from "./batches.ts";
import type { PayoutRow } from "./requests.ts";

/** The shape Safe{Wallet}'s Transaction Builder imports. */
export type SafeBatchFile = {
  version: "1.0";
  chainId: string;
  createdAt: number;
  meta: {
    name: string;
    description: string;
    txBuilderVersion: string;
    createdFromSafeAddress: string;
    createdFromOwnerAddress: string;
    checksum?: string;
  };
  transactions: Array<{
    to: string;
    value: "0";
    data: null;
    contractMethod: { inputs: Array<{ name: string; type: string; internalType: string }>; name: "transfer"; payable: false };
    contractInputsValues: { to: string; amount: string };
  }>;
};

const TRANSFER_METHOD = {
  inputs: [
    { name: "to", type: "address", internalType: "address" },
    { name: "amount", type: "uint256", internalType: "uint256" },
  ],
  name: "transfer",
  payable: false,
} as const;

/**
 * One ERC-20 `transfer(to, amount)` per payout, from the treasury Safe, with
 * amounts in base units written as decimal strings (never numbers, which lose
 * precision). The checksum is the one the Transaction Builder computes on import
 * (safe-react-apps, apps/tx-builder/src/lib/checksum.ts), so it shows no warning.
 */
export function safeBatchFile(
  { site, treasury, now }: { site: SiteConfig; treasury: Address; now: Date },
  batchId: number,
  payouts: PayoutRow[],
): SafeBatchFile {
  const total = payouts.reduce((sum, payout) => sum + payout.amount, 0n);
  const file: SafeBatchFile = {
    version: "1.0",
    chainId: String(site.token.chainId),
    createdAt: now.getTime(),
    meta: {
      name: `${site.token.symbol} payouts, batch ${batchId}`,
      description: `${payouts.length} transfers, ${total} ${site.token.symbol} in total, from the ${site.token.name} treasury.`,
      txBuilderVersion: "1.18.0",
      createdFromSafeAddress: getAddress(treasury),
      createdFromOwnerAddress: "",
    },
    transactions: payouts.map((payout) => ({
      to: site.token.address,
      value: "0",
      data: null,
      contractMethod: { inputs: TRANSFER_METHOD.inputs.map((input) => ({ ...input })), name: "transfer", payable: false },
      contractInputsValues: { to: payout.address, amount: toBaseUnits(payout.amount, site.token.decimals).toString() },
    })),
  };
  file.meta.checksum = batchFileChecksum(file);
  return file;
}

export function batchFileChecksum(file: SafeBatchFile): string {
  const { checksum: _, ...meta } = file.meta;
  return keccak256(toHex(builderSerialization({ ...file, meta: { ...meta, name: null } })));
}

/**
 * The Transaction Builder's canonical form, which its checksum hashes: an
 * object is "{" + its sorted key list as JSON + each value followed by a
 * comma + "}"; arrays and scalars as JSON, undefined as null.
 */
function builderSerialization(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(builderSerialization).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${JSON.stringify(keys)}${keys.map((key) => `${builderSerialization((value as Record<string, unknown>)[key])},`).join("")}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}
