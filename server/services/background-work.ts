/**
 * Work started after a request is answered, so its answer cannot depend on
 * it (how long it takes, or whether it found anything). Failures go to the
 * log; `idle()` waits for what is running (tests, and a clean shutdown).
 */
export type BackgroundWork = { run(task: () => Promise<unknown>): void; idle(): Promise<void> };

export function backgroundWork(onError: (error: unknown) => void): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    run(task) {
      const promise = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch(onError)
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
