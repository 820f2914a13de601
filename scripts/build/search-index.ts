import path from "node:path";
import { close, createIndex } from "pagefind";

/**
 * Pagefind's index of the guide pages, the buy path, the FAQ and the glossary (their `data-pagefind-body` article),
 * written to build/client/pagefind: static files the search box fetches on use.
 */
export async function indexGuides(clientDir: string): Promise<number> {
  const { index, errors } = await createIndex({ forceLanguage: "en" });
  if (!index) throw new Error(`Pagefind: ${errors.join("; ")}`);
  const added = await index.addDirectory({ path: clientDir, glob: "{{browser,android,ios,guides,how-to-buy}-*,glossary,faq}/index.html" });
  if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join("; ")}`);
  const written = await index.writeFiles({ outputPath: path.join(clientDir, "pagefind") });
  if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join("; ")}`);
  await close();
  return added.page_count;
}
