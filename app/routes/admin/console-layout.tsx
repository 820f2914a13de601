import { Outlet } from "react-router";
import { ConsoleContext } from "../../features/console/console-context.ts";
import { ConsoleDoor } from "../../features/console/console-door.tsx";
import { ConsoleHeader } from "../../features/console/console-header.tsx";
import { CONSOLE_TITLE } from "../../features/console/console-title.ts";
import { useConsoleDoor } from "../../features/console/use-console-door.ts";
import type { Route as RouteTypes } from "./+types/console-layout";

export const meta: RouteTypes.MetaFunction = () => [{ title: CONSOLE_TITLE }, { name: "robots", content: "noindex, nofollow" }];

/** Every /admin page: the door (sign-in, role, second factor) first, then the page with the console's calls. */
export default function ConsoleLayout() {
  const { door, api, check, send } = useConsoleDoor();
  const close = async () => {
    await send("POST /api/admin/sign-out");
    await check();
  };
  return (
    <div className="flex min-h-screen flex-col bg-sand-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-semibold text-ink-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <ConsoleHeader operator={api?.operator ?? null} onClose={close} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none">
        {api ? (
          <ConsoleContext.Provider value={api}>
            <Outlet />
          </ConsoleContext.Provider>
        ) : (
          <div className="mx-auto max-w-xl">
            <h1 className="mb-6 text-3xl font-bold">Console</h1>
            <ConsoleDoor door={door} send={send} onOpen={check} />
          </div>
        )}
      </main>
    </div>
  );
}
