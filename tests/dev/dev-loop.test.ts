import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardReply } from "../../common/api/rewards.ts";
import { projectRoot } from "../../server/project-root.ts";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../server/services/demo-data.ts";
import { APP } from "../helpers/agent.ts";
import { httpVisitor } from "../support/http-visitor.ts";
import { freePort } from "../support/server-process.ts";

/** Another token's button colour, to see the dev server draw the palette from the configuration. */
const BRAND = "#1d4ed8";

/** Whether nothing listens on the port yet. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Two free ports in a row: `npm run dev` puts Vite on PORT and the API server on PORT + 1. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port < 65535 && (await portIsFree(port + 1))) return port;
  }
}

/** Polls until the dev server answers (Vite and the API server start in parallel; a busy machine may take a while). */
async function answering(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe("npm run dev on a fresh clone's state", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dev-loop-"));
  let dev: ChildProcess;
  let origin = "";

  beforeAll(async () => {
    const port = await freePortPair();
    origin = `http://localhost:${port}`;
    dev = spawn("npm", ["run", "dev"], {
      cwd: projectRoot,
      // Its own process group, so the test stops npm, the launcher and both servers together.
      detached: true,
      stdio: "ignore",
      env: {
        ...process.env,
        PORT: String(port),
        PGLITE_DIR: path.join(dataDir, "pglite"),
        SITE_ORIGIN: origin,
        NODE_ENV: "development",
        SITE_COLOR_BRAND: BRAND,
      },
    });
    await answering(`${origin}/api/${APP}-price`, dev);
    await answering(`${origin}/`, dev);
  });

  afterAll(async () => {
    if (dev.pid && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev.on("exit", resolve));
      process.kill(-dev.pid, "SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the pages through Vite", async () => {
    const reply = await fetch(`${origin}/`);
    expect(reply.headers.get("content-type")).toContain("text/html");
    expect(await reply.text()).toMatch(/<title>Kestrel \(KSTL\): /);
  });

  it("draws the configured brand colour into the stylesheet", async () => {
    const css = await (await fetch(`${origin}/app/app.css?direct`)).text();
    expect(css).toContain(`--color-brand-600: ${BRAND};`);
    expect(css).not.toContain("--color-brand-600: #b24a1f");
  });

  it("serves the files the build draws: favicon, share image, manifest, whitepaper, security.txt", async () => {
    const types = await Promise.all(
      ["/favicon.ico", "/brand/og-image.png", "/site.webmanifest", "/whitepaper.pdf", "/.well-known/security.txt"].map(async (file) =>
        (await fetch(`${origin}${file}`)).headers.get("content-type"),
      ),
    );
    expect(types).toEqual(["image/x-icon", "image/png", "application/manifest+json", "application/pdf", "text/plain; charset=utf-8"]);
  });

  it("signs the demo member in through the proxied API and shows the dashboard with demo data", async () => {
    const visitor = httpVisitor();
    const csrf = await visitor.get(`${origin}/api/request-csrftoken?app=${APP}&page=signin`);
    expect(csrf.status).toBe(200);
    const signIn = await visitor.post(`${origin}/api/signin`, {
      username: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      app: APP,
      csrfToken: csrf.body.csrf_token,
    });
    expect(signIn.status).toBe(200);
    const dashboard = await visitor.get(`${origin}/api/dashboard?app=${APP}`);
    expect(dashboard.status).toBe(200);
    const data = dashboardReply.parse(dashboard.body);
    expect(data.first_name).toBe("Demo");
    expect(data.recent_activity.length).toBeGreaterThan(0);
  });
});
