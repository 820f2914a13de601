import { useEffect, useRef, useState } from "react";
import { COPIED_LABEL_MS } from "../../lib/timings.ts";

/** Copies `text`; reads "Copied!" for two seconds. A failed copy is only logged, as the spec asks. */
export function CopyButton({ text, label = "Copy", className = "btn-primary" }: { text: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.warn("Could not copy to the clipboard:", error);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  return (
    <button type="button" onClick={copy} className={className} aria-live="polite">
      {copied ? "Copied!" : label}
    </button>
  );
}
