import { Outlet } from "react-router";
import { PageShell } from "./page-shell.tsx";

/** The layout route of every page but the guides: the site's navigation and footer, kept across navigations. */
export default function SiteLayout() {
  return (
    <PageShell>
      <Outlet />
    </PageShell>
  );
}
