import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { projectRoot } from "../../server/project-root.ts";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (its JSON log lines included). */
  output(): string;
  /** Resolves when the process exits, with how long after `since` it took. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop(): Promise<void>;
};

/** The server's entry point, and node's arguments to run it. */
const ENTRY = {
  /** The built server (build/node), the way production runs it. */
  built: [path.join(projectRoot, "build/node/server/index.js")],
  /** The same server with the test-only routes (/__e2e__/*), from source. */
  hooked: ["--import", "tsx", path.join(projectRoot, "tests/support/hooked-server.ts")],
};

/** The server as its own process, serving the built pages: `hooked` adds the test-only routes. */
export async function startServer(env: Record<string, string>, { waitReady = true, hooked = false } = {}): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, hooked ? ENTRY.hooked : ENTRY.built, {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SHUTDOWN_GRACE_MS: "500",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  if (!waitReady) return server;
  // A first start creates the embedded database: seconds when idle, minutes on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
