import type { Clock } from "../../clock.ts";
import type { SharedPrice } from "./shared-price.ts";
import type { PriceSource } from "./sources.ts";
import { formatRational } from "./uniswap-v3-math.ts";

export type CachedPrice = { price: string; updatedAt: Date };

type Logger = { info(object: object, message: string): void; warn(object: object, message: string): void };

/** Decimal places kept from the exact price before it becomes the API's JSON number. */
const KEPT_DECIMALS = 18;

/**
 * The price, kept in memory and refreshed in the background so no request
 * ever waits on the blockchain. One read at a time; a failed read keeps the
 * last good value. With `shared`, instances take turns: the lease holder
 * reads the upstream and stores the price, the others take the stored one.
 */
export class PriceCache {
  #value: CachedPrice | null = null;
  #inFlight: Promise<void> | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly options: {
      source: PriceSource;
      refreshMs: number;
      clock: Clock;
      log: Logger;
      shared?: SharedPrice;
    },
  ) {}

  current(): CachedPrice | null {
    return this.#value;
  }

  /** Reads the source once; concurrent callers share the read in flight. */
  refresh(): Promise<void> {
    this.#inFlight ??= this.#read().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  async #read(): Promise<void> {
    const { shared, source, clock, refreshMs } = this.options;
    try {
      if (shared && !(await shared.tryLease(refreshMs))) {
        const latest = await shared.latest();
        if (latest && (!this.#value || latest.updatedAt >= this.#value.updatedAt)) this.#value = latest;
        // Nothing stored yet (the lease holder's first read is still on its way): read once rather than answer 503 for a whole interval.
        if (this.#value) return;
      }
      const value = { price: formatRational(await source.read(), KEPT_DECIMALS), updatedAt: clock.now() };
      this.#value = value;
      await shared?.publish(value);
    } catch (error) {
      this.options.log.warn(
        { err: error, source: this.options.source.description, keptFrom: this.#value?.updatedAt },
        "price refresh failed; keeping the last value",
      );
    }
  }

  start(): void {
    if (this.#timer) return;
    this.options.log.info({ source: this.options.source.description, refreshSeconds: this.options.refreshMs / 1000 }, "price source");
    void this.refresh();
    this.#timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#inFlight;
  }
}
