import type { ReactNode } from "react";
import { DialogButton } from "../../components/ui/dialog-button.tsx";
import { site } from "../../site.ts";

export function WhoWeAreDialog({ buttonClassName, label }: { buttonClassName: string; label?: ReactNode }) {
  return (
    <DialogButton label={label ?? "Who We Are"} title="Who We Are" buttonClassName={buttonClassName}>
      <p className="text-base leading-7 text-ink-800">{site.site.about}</p>
      <p className="mt-4 text-base leading-7 text-ink-800">
        We will never ask for your recovery phrase or private key, and we never message first about your tokens. Talk to us through the
        contact form or the social channels linked on every page.
      </p>
    </DialogButton>
  );
}
