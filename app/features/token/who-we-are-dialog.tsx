import type { ReactNode } from "react";
import { DialogButton } from "../../components/ui/dialog-button.tsx";
import WhoWeAreText from "./who-we-are-text.tsx";

export function WhoWeAreDialog({ buttonClassName, label }: { buttonClassName: string; label?: ReactNode }) {
  return (
    <DialogButton label={label ?? "Who We Are"} title="Who We Are" buttonClassName={buttonClassName}>
      <WhoWeAreText />
    </DialogButton>
  );
}
