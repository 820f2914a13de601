import { Outlet } from "react-router";
import { GuideBar } from "./guide-bar.tsx";
import { PageShell } from "./page-shell.tsx";

/** The layout route of the guides: the simplified bar, and no calls. */
export default function GuideLayout() {
  return (
    <PageShell guideBar={<GuideBar />}>
      <Outlet />
    </PageShell>
  );
}
