import { useEffect, useRef } from "react";
import { handleCopyButtons } from "../../lib/copy-buttons.ts";

/** HTML the build rendered from the project's own Markdown (app/content/markdown.server.ts); never user input. */
export function Markdown({ html, className = "" }: { html: string; className?: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => (container.current ? handleCopyButtons(container.current) : undefined), []);
  return <div ref={container} className={`prose-site ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
