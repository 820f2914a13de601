import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { ConsoleContext } from "../features/console/console-context.ts";
import { ConsoleDoor } from "../features/console/console-door.tsx";
import { ConsoleHeader } from "../features/console/console-header.tsx";
import { CONSOLE_TITLE } from "../features/console/console-title.ts";
import { ConsoleAudit } from "../features/console/pages/audit.tsx";
import { ConsoleMember } from "../features/console/pages/member.tsx";
import { ConsoleMembers } from "../features/console/pages/members.tsx";
import { ConsoleMessages } from "../features/console/pages/messages.tsx";
import { ConsoleOverview } from "../features/console/pages/overview.tsx";
import { ConsolePayouts } from "../features/console/pages/payouts.tsx";
import { ConsoleQuests } from "../features/console/pages/quests.tsx";
import { ConsoleReview } from "../features/console/pages/review.tsx";
import { ConsoleSpecialDays } from "../features/console/pages/special-days.tsx";
import { useConsoleDoor } from "../features/console/use-console-door.ts";
import type { Route as RouteTypes } from "./+types/admin-console";

export const meta: RouteTypes.MetaFunction = () => [{ title: CONSOLE_TITLE }, { name: "robots", content: "noindex, nofollow" }];

const PAGES: Record<string, () => ReactNode> = {
  "/admin": () => <ConsoleOverview />,
  "/admin/members": () => <ConsoleMembers />,
  "/admin/payouts": () => <ConsolePayouts />,
  "/admin/review": () => <ConsoleReview />,
  "/admin/messages": () => <ConsoleMessages />,
  "/admin/special-days": () => <ConsoleSpecialDays />,
  "/admin/quests": () => <ConsoleQuests />,
  "/admin/audit": () => <ConsoleAudit />,
};

/**
 * The console's page for a path. A plain lookup rather than nested <Routes>:
 * those would add their code to the router chunk every public page loads.
 */
function consolePage(pathname: string): ReactNode {
  const path = pathname.replace(/\/+$/, "") || "/admin";
  const member = /^\/admin\/members\/([^/]+)$/.exec(path)?.[1];
  if (member) return <ConsoleMember key={member} id={decodeURIComponent(member)} />;
  return PAGES[path]?.() ?? <h1 className="text-3xl font-bold">This console page does not exist</h1>;
}

/** Every /admin page: the door (sign-in, role, second factor) first, then the page with the console's calls. */
export default function ConsoleLayout() {
  const { door, api, check, send } = useConsoleDoor();
  const { pathname } = useLocation();
  const close = async () => {
    await send("/api/admin/sign-out", { method: "POST" });
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
          <ConsoleContext.Provider value={api}>{consolePage(pathname)}</ConsoleContext.Provider>
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
