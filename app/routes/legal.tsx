import { Markdown } from "../components/ui/markdown.tsx";
import { loadLegalDocument } from "../content/legal.server.ts";
import { ARTICLE } from "../lib/article-page.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/legal";

export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.slice(1);
  if (slug !== "privacy-policy" && slug !== "terms-and-conditions") throw new Response("Not Found", { status: 404 });
  return { path: `/${slug}`, ...loadLegalDocument(slug) };
}

export const handle = ARTICLE;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: loaderData.title, description: loaderData.description, path: loaderData.path });

export default function Legal({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold sm:text-4xl">{loaderData.title}</h1>
      <p className="mt-2 text-sm text-ink-700">Last updated {site.legal.updated}</p>
      <Markdown html={loaderData.html} className="mt-8" />
    </article>
  );
}
