import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { tryLeaseJob } from "./leases.ts";

/** Periodic work: a service call on a timer. The same service is reachable from the admin command. */
export type Job = {
  name: string;
  everyMs: number;
  run(): Promise<Record<string, unknown> | undefined>;
};

export type JobOutcome = "ran" | "leased-elsewhere" | "already-running";

export type JobControls = {
  /** Runs a job now, as its timer would: once per interval across instances, never twice at once here. */
  runNow(name: string): Promise<JobOutcome>;
};

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobControls;
  }
}

/**
 * Starts each job's timer when the server is ready and stops it on close.
 * A run takes the job's lease for one interval first, so with N instances on
 * one database each job runs once per interval, wherever it runs.
 */
export const jobRunner = fp<{ db: Database; clock: Clock; jobs: Job[]; timers: boolean }>(
  async (app: FastifyInstance, { db, clock, jobs, timers }) => {
    const holder = randomUUID();
    const running = new Set<string>();
    const byName = new Map(jobs.map((job) => [job.name, job]));

    const runNow = async (name: string): Promise<JobOutcome> => {
      const job = byName.get(name);
      if (!job) throw new Error(`No job named ${name}`);
      if (running.has(name)) return "already-running";
      running.add(name);
      try {
        if (!(await tryLeaseJob({ db, clock }, { name, holder, ttlMs: job.everyMs }))) return "leased-elsewhere";
        const summary = await job.run();
        app.log.info({ job: name, ...summary }, "job ran");
        return "ran";
      } finally {
        running.delete(name);
      }
    };

    const handles: NodeJS.Timeout[] = [];
    if (timers) {
      app.addHook("onReady", async () => {
        for (const job of jobs) {
          const tick = () =>
            runNow(job.name).catch((error: unknown) => {
              if (isDatabaseUnavailable(error)) app.log.warn({ job: job.name }, "job skipped: database unavailable");
              else app.log.error({ job: job.name, err: error }, "job failed");
            });
          handles.push(setInterval(tick, job.everyMs).unref());
        }
      });
      app.addHook("onClose", async () => {
        for (const handle of handles) clearInterval(handle);
      });
    }
    app.decorate("jobs", { runNow });
  },
);
