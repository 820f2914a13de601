import type { Clock } from "../../clock.ts";
import type { PriceSource } from "./sources.ts";
import { formatRational } from "./uniswap-v3-math.ts";

export type CachedPrice = { price: string; updatedAt: Date };

type Logger = { info(object: object, message: string): void; warn(object: object, message: string): void };

/** Decimal places kept from the exact price before it becomes the API's JSON number. */
const KEPT_DECIMALS = 18;

/**
 * The price, kept in memory and refreshed in the background so no request
 * ever waits on the blockchain. One read at a time; a failed read keeps the
 * last good value.
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
    try {
      const price = formatRational(await this.options.source.read(), KEPT_DECIMALS);
      this.#value = { price, updatedAt: this.options.clock.now() };
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
