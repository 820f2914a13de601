import { type AbiEvent, type Address, type GetLogsReturnType, type PublicClient, RpcRequestError } from "viem";

/**
 * What providers answer when an eth_getLogs range is too wide or returns too
 * many logs: Infura's "query returned more than 10000 results", Alchemy's
 * "Log response size exceeded… up to a 2K block range", others' "block range
 * is too wide" or "exceed maximum block range".
 */
const RANGE_REFUSAL = /range|too (many|large|wide)|more than|exceed|limit/i;

export function isRangeRefusal(error: unknown): boolean {
  const messages: string[] = [];
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    messages.push(cause.message);
    if (cause instanceof RpcRequestError) messages.push(String(cause.code));
  }
  return messages.some((message) => RANGE_REFUSAL.test(message) || message === "-32005");
}

export type LogRead<Events extends readonly AbiEvent[]> = {
  logs: GetLogsReturnType<undefined, Events, undefined>;
  calls: number;
  /** The range the node accepted last: maxRange, or less after it refused wider ones. */
  range: number;
};

/**
 * Reads logs from `fromBlock` to `toBlock` in ranges of at most `maxRange`
 * blocks. When the node refuses a range as too wide it asks again for half,
 * down to one block, and keeps the narrower range for the rest of the read.
 */
export async function readLogsInRanges<const Events extends readonly AbiEvent[]>(
  client: PublicClient,
  {
    address,
    events,
    fromBlock,
    toBlock,
    maxRange,
  }: { address: Address[]; events: Events; fromBlock: bigint; toBlock: bigint; maxRange: number },
): Promise<LogRead<Events>> {
  const logs: GetLogsReturnType<undefined, Events, undefined> = [];
  let range = maxRange;
  let calls = 0;
  for (let from = fromBlock; from <= toBlock; ) {
    const to = from + BigInt(range) - 1n < toBlock ? from + BigInt(range) - 1n : toBlock;
    calls++;
    try {
      logs.push(...(await client.getLogs({ address, events, fromBlock: from, toBlock: to })));
      from = to + 1n;
    } catch (error) {
      if (range === 1 || !isRangeRefusal(error)) throw error;
      range = Math.ceil(range / 2);
    }
  }
  return { logs, calls, range };
}
