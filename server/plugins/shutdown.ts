import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Stop taking new work: every new request, /readyz included, is answered 503; resolves when none is in flight. */
    drain(): Promise<void>;
  }
}

export const DRAINING = "The server is restarting. Please try again in a moment.";

/**
 * A graceful stop for rolling restarts: in-flight requests finish, new ones
 * get 503 (so the load balancer moves on), then the caller closes the server.
 */
export const gracefulShutdown = fp(async (app: FastifyInstance) => {
  let draining = false;
  let settle: (() => void) | null = null;
  const inFlight = new Set<FastifyRequest>();

  // Callback hooks, not async ones: they run on every request, and a promise each costs the pages measurably.
  app.addHook("onRequest", (request, reply, done) => {
    if (draining) {
      reply.code(503).header("connection", "close").header("retry-after", "1").send({ err_msg: DRAINING });
      return;
    }
    inFlight.add(request);
    done();
  });
  const finished = (request: FastifyRequest) => {
    inFlight.delete(request);
    if (draining && inFlight.size === 0) settle?.();
  };
  app.addHook("onResponse", (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook("onRequestAbort", (request, done) => {
    finished(request);
    done();
  });

  app.decorate("drain", () => {
    draining = true;
    if (inFlight.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      settle = resolve;
    });
  });
});
