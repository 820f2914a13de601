import { href, Link } from "react-router";
import { Markdown } from "../components/ui/markdown.tsx";
import { SectionHeading, TitledSection } from "../components/ui/titled-section.tsx";
import { loadGuidePage } from "../content/guides.server.ts";
import { GuidePager } from "../features/guides/guide-pager.tsx";
import { PaymentRequest } from "../features/guides/payment-request.tsx";
import { PlatformSwitcher } from "../features/guides/platform-switcher.tsx";
import { StepList } from "../features/guides/step-list.tsx";
import { AddTokenButton } from "../features/token/add-token-button.tsx";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/guide";

export function loader({ request }: Route.LoaderArgs) {
  return loadGuidePage(new URL(request.url).pathname);
}

export const handle = ARTICLE;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData.platform === "tips" ? loaderData.title : `${loaderData.title} (${loaderData.platformName})`,
    description: loaderData.description,
    path: loaderData.path,
  });

function formatChecked(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

export default function Guide({ loaderData: guide }: Route.ComponentProps) {
  return (
    <article
      data-pagefind-body
      // The search result's title names the platform: the Android and iOS pages share their text. Pagefind splits its meta on commas.
      data-pagefind-meta={`title:${guide.title} (${guide.platformName})`.replaceAll(",", "")}
      className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14"
    >
      {/* What Pagefind leaves out of the index: a result's snippet starts with the guide's own words, not the page's furniture. */}
      <nav aria-label="Breadcrumb" className="text-sm text-ink-700" data-pagefind-ignore>
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to={href("/how-to")} className="underline underline-offset-4 hover:text-brand-700">
              Wallet guides
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page">{guide.platformName}</li>
        </ol>
      </nav>
      <h1 className="mt-3 text-3xl font-black tracking-tight sm:text-4xl">{guide.title}</h1>
      <p className="mt-2 text-sm text-ink-700" data-testid="guide-checked" data-pagefind-ignore>
        {`Checked against MetaMask extension ${guide.checked.extension} and MetaMask Mobile ${guide.checked.mobile} on `}
        <time dateTime={guide.checked.date}>{formatChecked(guide.checked.date)}</time>.
      </p>
      <PlatformSwitcher platforms={guide.platforms} />
      <Markdown html={guide.introHtml} className="mt-6 max-w-measure" />
      {guide.addToken ? (
        <div className="mt-6 max-w-measure" data-add-token data-pagefind-ignore>
          <AddTokenButton />
        </div>
      ) : null}
      <StepList steps={guide.steps} numbered={guide.layout === "steps"} />
      {guide.paymentRequest ? <PaymentRequest {...guide.paymentRequest} /> : null}
      {guide.troubleshootingHtml ? <Markdown html={guide.troubleshootingHtml} className="mt-14 max-w-measure" /> : null}
      <TitledSection className="mt-14 max-w-measure">
        <SectionHeading className="text-lg font-bold">Something looks different?</SectionHeading>
        <p className="mt-1">
          Wallet apps change their screens often.{" "}
          <Link
            to={{ pathname: href("/report-guide"), search: `?guide=${guide.path}` }}
            className="text-brand-700 underline underline-offset-4"
          >
            Tell us what you see
          </Link>
          , and we will bring this guide up to date.
        </p>
      </TitledSection>
      <GuidePager previous={guide.previous} next={guide.next} platformName={guide.platformName} />
    </article>
  );
}
