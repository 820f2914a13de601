import { useEffect, useRef, useState } from "react";
import { copyText } from "../../lib/clipboard.ts";
import { COPIED_LABEL } from "../../lib/copy-buttons.ts";
import { COPIED_LABEL_MS } from "../../lib/timings.ts";

/**
 * Copies `text`; reads "Copied!" for two seconds. `data-copy` lets HTML
 * rendered at build time (the guides' address blocks) carry the same button:
 * the Markdown component copies for it.
 */
export function CopyButton({ text, label = "Copy", className = "btn-primary" }: { text: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  return (
    <button type="button" onClick={copy} className={className} aria-live="polite" data-copy={text} data-label={label}>
      {copied ? COPIED_LABEL : label}
    </button>
  );
}
