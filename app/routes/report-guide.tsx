import { href, Link, useSearchParams } from "react-router";
import { loadGuideOutlines } from "../content/guides.server.ts";
import { ReportDifferenceForm } from "../features/guides/report-difference-form.tsx";
import { TitledPage } from "../layout/titled-page.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Route } from "./+types/report-guide";

export function loader() {
  return { guides: loadGuideOutlines() };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Report a difference in a guide",
    description: "Tell the team when a wallet screen no longer matches a guide.",
    path: href("/report-guide"),
  }),
  { name: "robots", content: "noindex" },
];

/** Where a guide's "Something looks different?" link leads: the report goes to the team's inbox, tagged with the guide. */
export default function ReportGuide({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // The page is prerendered without a query: a direct visit reads it once hydrated, so the first render matches the HTML.
  const hydrated = useHydrated();
  const guide = hydrated ? (params.get("guide") ?? "") : "";
  const known = loaderData.guides.find((entry) => entry.path === guide);
  return (
    <TitledPage
      title="Report a difference in a guide"
      width="2xl"
      lead="Wallet apps change their screens often. Tell us what you see, and we will bring the guide up to date. Never write your recovery phrase or a private key here: we never need them."
    >
      {known ? (
        <p className="mt-3">
          <Link to={known.path} className="text-brand-700 underline underline-offset-4">
            Back to {known.title}
          </Link>
        </p>
      ) : null}
      <ReportDifferenceForm
        key={guide}
        guides={loaderData.guides}
        initialGuide={guide}
        initialStep={hydrated ? (params.get("step") ?? "") : ""}
      />
    </TitledPage>
  );
}
