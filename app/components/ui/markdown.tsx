/** HTML the build rendered from the project's own Markdown (app/content/markdown.server.ts); never user input. */
export function Markdown({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose-site ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
