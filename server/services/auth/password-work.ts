import { rateLimitClientOf } from "../fairness/networks.ts";

/**
 * argon2id costs 19 MiB and tens of milliseconds per check. Unbounded, a flood
 * of logins from one client queues ahead of everyone else's; so checks run a
 * few at a time, a short queue waits, one client holds only a few places in
 * it, and past that the request is refused at once, cheaply.
 */
export type PasswordWork = {
  /** Runs one hash or verification for a client (its address), or throws PasswordWorkBusy. */
  run<T>(address: string, work: () => Promise<T>): Promise<T>;
  /** Checks started so far: the count that matters for throttling tests and metrics. */
  started(): number;
};

export type PasswordWorkLimits = {
  /** Checks running at once (the machine's cores). */
  concurrency: number;
  /** Checks waiting for a free slot, from every client together. */
  maxWaiting: number;
  /** Running and waiting checks of one client address (an IPv6 client's /64). */
  maxPerClient: number;
};

/**
 * A check refused at once: the client already holds its own share of places (it is the one to slow down),
 * or every place is taken (the server is busy for everyone). Both come back after `retryAfterSeconds`.
 */
export class PasswordWorkBusy extends Error {
  override name = "PasswordWorkBusy";
  readonly retryAfterSeconds = 1;
  constructor(readonly scope: "client" | "server") {
    super(`password checks busy for the ${scope}`);
  }
}

export function passwordWork({ concurrency, maxWaiting, maxPerClient }: PasswordWorkLimits): PasswordWork {
  let running = 0;
  let started = 0;
  const waiting: Array<() => void> = [];
  const perClient = new Map<string, number>();

  const release = (client: string) => {
    const held = (perClient.get(client) ?? 1) - 1;
    if (held === 0) perClient.delete(client);
    else perClient.set(client, held);
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async run(address, work) {
      const client = rateLimitClientOf(address);
      const held = perClient.get(client) ?? 0;
      if (held >= maxPerClient) throw new PasswordWorkBusy("client");
      if (running >= concurrency && waiting.length >= maxWaiting) throw new PasswordWorkBusy("server");
      perClient.set(client, held + 1);
      // A slot passes straight from a finishing check to the next waiting one, so `running` never overshoots.
      if (running < concurrency) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      started++;
      try {
        return await work();
      } finally {
        release(client);
      }
    },
    started: () => started,
  };
}
