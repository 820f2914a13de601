import type { Metric, MetricValueWithName, Registry } from "prom-client";

/** Upper bounds of the buckets, in seconds. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

type Labels = { method: string; route: string; status_code: string };
/** Answers per bucket (not cumulative; the last is above every bound), their total time and their number. */
type Series = { labels: Labels; answers: Uint32Array; sum: number; count: number };

/**
 * `http_request_duration_seconds`, by method, route and status, kept by hand:
 * prom-client's histogram checks and hashes the labels of every observation,
 * which cost a page about 3 µs of its 28. Here an observation is a Map lookup
 * and a walk over ten bounds; the exposition is built when scraped.
 */
export class RequestDurations {
  readonly name = "http_request_duration_seconds";
  readonly help = "Time to answer a request, by route and status";
  readonly type = "histogram";
  readonly aggregator = "sum";
  readonly #series = new Map<string, Series>();

  constructor(registry: Registry) {
    // The registry asks a metric only for its name, get() and reset(); prom-client's types name its own four classes.
    registry.registerMetric(this as unknown as Metric);
  }

  observe(method: string, statusCode: number, route: string, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        answers: new Uint32Array(BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] as number)) bucket++;
    series.answers[bucket] = (series.answers[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** What the registry's resetMetrics() calls on every metric. */
  reset(): void {
    this.#series.clear();
  }

  /** The Prometheus histogram: cumulative buckets up to +Inf, the sum and the count of each series. */
  get() {
    const values: MetricValueWithName<string>[] = [];
    for (const { labels, answers, sum, count } of this.#series.values()) {
      let answered = 0;
      BUCKETS.forEach((bound, index) => {
        answered += answers[index] as number;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: answered });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: "+Inf" }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
