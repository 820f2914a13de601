import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseAbi,
  toHex,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import type { SafeBatchFile } from "../../server/services/payouts/safe-export.ts";

const require = createRequire(import.meta.url);

/** Anvil's first well-known development account (public test key, holds test ETH only). */
const DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
export const DEV_ADDRESS = privateKeyToAccount(DEV_KEY).address;

/**
 * A real Ethereum node on loopback: the anvil binary shipped inside the npm package. It binds a port of the
 * system's choosing and says which: a port picked beforehand could be taken by another test's node meanwhile,
 * and this one would then talk to that node (whose snapshots and reverts rewrite this test's chain).
 */
export async function startAnvil(extraArgs: string[] = []): Promise<{ rpcUrl: string; stop(): Promise<void> }> {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const binary = path.join(path.dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)), "bin", "anvil");
  const child: ChildProcess = spawn(binary, ["--host", "127.0.0.1", "--port", "0", ...extraArgs], { stdio: ["ignore", "pipe", "pipe"] });
  const port = await new Promise<number>((resolve, reject) => {
    let printed = "";
    const listening = (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(printed);
      if (!match) return;
      child.stdout?.off("data", listening);
      // Anvil names every call it answers: read and drop the rest, so a full pipe never stalls it.
      child.stdout?.resume();
      resolve(Number(match[1]));
    };
    child.stdout?.on("data", listening);
    child.stderr?.resume();
    child.once("exit", (code) => reject(new Error(`anvil exited (${code}) before listening: ${printed.slice(-500)}`)));
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  for (let attempt = 0; ; attempt++) {
    try {
      await client.getChainId();
      break;
    } catch (error) {
      if (attempt > 100 || child.exitCode !== null) throw new Error(`anvil did not start: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    rpcUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Compiles tests/fixtures/contracts with solc (the npm package: WebAssembly, no download). */
export function compileFixtures(): Record<string, { abi: Abi; bytecode: Hex }> {
  const solc = require("solc") as { compile(input: string): string };
  const dir = path.resolve("tests/fixtures/contracts");
  const sources = Object.fromEntries(
    ["TestToken.sol", "TestPool.sol", "TestSafe.sol"].map((file) => [file, { content: readFileSync(path.join(dir, file), "utf8") }]),
  );
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources,
        settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
      }),
    ),
  ) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const contracts: Record<string, { abi: Abi; bytecode: Hex }> = {};
  for (const file of Object.values(output.contracts)) {
    for (const [name, contract] of Object.entries(file))
      contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  }
  return contracts;
}

/**
 * Sends one contract call, waits for it and fails on a revert, which a receipt alone does not. The gas limit is
 * the node's estimate with half again on top: the estimate is exact for the state it ran on, and a Uniswap v3
 * swap mined in a later second than its estimate also writes an oracle observation, so an exact limit ran out of
 * gas, reverted and left no Swap log when the machine was loaded.
 */
export async function confirmedWrite(
  wallet: WalletClient,
  client: PublicClient,
  call: { address: Address; abi: Abi; functionName: string; args: unknown[] },
): Promise<Hex> {
  const account = wallet.account;
  if (!account) throw new Error("the wallet client has no account");
  const gas = await client.estimateContractGas({ ...call, account });
  const hash = await wallet.writeContract({ ...call, account, chain: wallet.chain, gas: gas + gas / 2n });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${call.functionName} reverted in block ${receipt.blockNumber} (${hash})`);
  return hash;
}

export function devWallet(rpcUrl: string, chain: Chain = foundry) {
  const account = privateKeyToAccount(DEV_KEY);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  return {
    async deploy(contract: { abi: Abi; bytecode: Hex }, args: unknown[]): Promise<`0x${string}`> {
      const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error("deployment failed");
      return receipt.contractAddress;
    },
    async write(address: `0x${string}`, abi: Abi, functionName: string, args: unknown[]): Promise<void> {
      await confirmedWrite(wallet, client, { address, abi, functionName, args });
    },
  };
}

export const ERC20_ABI = parseAbi([
  "function transfer(address to, uint256 amount) returns (bool)",
  "function balanceOf(address owner) view returns (uint256)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

const SAFE_ABI = parseAbi(["function nonce() view returns (uint256)", "function useNonce()"]);

/**
 * The payout side of the chain: the test token deployed, a treasury holding
 * its supply, and anvil's test actions (impersonation stands in for the
 * treasury Safe's signers; snapshots and reverts make reorgs).
 */
export async function payoutChain(
  rpcUrl: string,
  { decimals = 18, treasury, at, safe = false }: { decimals?: number; treasury: Address; at?: Address; safe?: boolean },
) {
  // Anvil's own chain id by default; another (--chain-id) when a built site names the token's real chain.
  const local: Chain = { ...foundry, id: await createPublicClient({ transport: http(rpcUrl) }).getChainId() };
  const contracts = compileFixtures();
  const dev = devWallet(rpcUrl, local);
  const supply = 10n ** 12n * 10n ** BigInt(decimals);
  const deployed = getAddress(await dev.deploy(contracts.TestToken as { abi: Abi; bytecode: Hex }, ["Kestrel", "KSTL", decimals, supply]));
  await dev.write(deployed, ERC20_ABI, "transfer", [treasury, supply]);
  const test = createTestClient({ mode: "anvil", chain: local, transport: http(rpcUrl) });
  const token = at ? await copyTokenTo(rpcUrl, deployed, at, treasury) : deployed;
  const client = createPublicClient({ chain: local, transport: http(rpcUrl) });
  await test.setBalance({ address: treasury, value: 10n ** 21n });
  const USE_SAFE_NONCE = { to: treasury, data: encodeFunctionData({ abi: SAFE_ABI, functionName: "useNonce" }) };
  if (safe) {
    const safeCode = await client.getCode({ address: await dev.deploy(contracts.TestSafe as { abi: Abi; bytecode: Hex }, []) });
    if (!safeCode) throw new Error("the test Safe has no code");
    await test.setCode({ address: treasury, bytecode: safeCode });
  }
  return {
    token,
    test,
    client,
    chain: local,
    /** Sends a transaction as the treasury without its key, as its Safe's signers would once they approved it. */
    async sendAsTreasury(call: { to: Address; data: Hex }): Promise<Hex> {
      await test.impersonateAccount({ address: treasury });
      const wallet = createWalletClient({ account: treasury, chain: local, transport: http(rpcUrl) });
      const hash = await wallet.sendTransaction({ to: call.to, data: call.data });
      await client.waitForTransactionReceipt({ hash });
      await test.stopImpersonatingAccount({ address: treasury });
      return hash;
    },
    /** Executes a Safe Transaction Builder file from the treasury, call by call, as its signers would; a Safe treasury's nonce is then used. */
    async executeSafeFile(file: SafeBatchFile): Promise<void> {
      for (const call of file.transactions)
        await this.sendAsTreasury({
          to: call.to as Address,
          data: encodeFunctionData({
            abi: ERC20_ABI,
            functionName: "transfer",
            args: [call.contractInputsValues.to as Address, BigInt(call.contractInputsValues.amount)],
          }),
        });
      if (safe) await this.sendAsTreasury(USE_SAFE_NONCE);
    },
    /** The Safe's signers execute a rejection: its nonce is used, and nothing is paid. */
    async rejectSafeTransaction(): Promise<void> {
      if (!safe) throw new Error("the treasury is not a Safe here");
      await this.sendAsTreasury(USE_SAFE_NONCE);
    },
    safeNonce: () => client.readContract({ address: treasury, abi: SAFE_ABI, functionName: "nonce" }),
    balanceOf: (owner: Address) => client.readContract({ address: token, abi: ERC20_ABI, functionName: "balanceOf", args: [owner] }),
  };
}

/**
 * Puts the deployed test token at another address (the one a built site is
 * configured with): its code, its name, symbol, decimals and supply (slots
 * 0 to 3 of TestToken), and the treasury's balance (balanceOf is slot 4).
 */
async function copyTokenTo(rpcUrl: string, from: Address, to: Address, holder: Address): Promise<Address> {
  const test = createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const code = await reader.getCode({ address: from });
  if (!code) throw new Error("the test token has no code");
  await test.setCode({ address: to, bytecode: code });
  const balanceSlot = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [holder, 4n]));
  for (const slot of [toHex(0, { size: 32 }), toHex(1, { size: 32 }), toHex(2, { size: 32 }), toHex(3, { size: 32 }), balanceSlot]) {
    const value = await reader.getStorageAt({ address: from, slot });
    await test.setStorageAt({ address: to, index: slot, value: value ?? toHex(0, { size: 32 }) });
  }
  return getAddress(to);
}
