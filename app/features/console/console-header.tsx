import { href, NavLink } from "react-router";
import type { ConsoleState } from "../../../common/api/admin.ts";
import { BrandLink } from "../../layout/brand-link.tsx";

const PAGES = [
  { to: href("/admin"), label: "Overview", end: true },
  { to: href("/admin/members"), label: "Members" },
  { to: href("/admin/payouts"), label: "Payouts" },
  { to: href("/admin/review"), label: "Review" },
  { to: href("/admin/messages"), label: "Messages" },
  { to: href("/admin/special-days"), label: "Special days" },
  { to: href("/admin/quests"), label: "Quests" },
  { to: href("/admin/audit"), label: "Audit", adminOnly: true },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-semibold ${isActive ? "bg-white text-ink-900" : "text-white hover:bg-white/10"}`;

/** The console's own bar: its pages, who is operating, and closing the console. */
export function ConsoleHeader({ operator, onClose }: { operator: ConsoleState | null; onClose: () => void }) {
  return (
    <header className="bg-ink-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-center gap-3">
          <BrandLink />
          <span className="rounded-md border border-white/40 px-2 py-0.5 text-sm font-semibold">Console</span>
        </div>
        {operator?.console_open ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>
              {operator.email} · {operator.role}
            </span>
            <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={onClose}>
              Close the console
            </button>
          </div>
        ) : null}
      </div>
      {operator?.console_open ? (
        <nav aria-label="Console" className="mx-auto max-w-6xl px-4 pb-3">
          <ul className="flex flex-wrap gap-1">
            {PAGES.filter((page) => !page.adminOnly || operator.role === "admin").map((page) => (
              <li key={page.to}>
                <NavLink to={page.to} end={page.end} className={linkClass}>
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
