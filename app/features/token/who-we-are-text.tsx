import { site } from "../../site.ts";

/** The Who We Are dialog's text; a default export, which the footer loads on demand (footer-dialog-texts.ts). */
export default function WhoWeAreText() {
  return (
    <>
      <p className="text-base leading-7 text-ink-800">{site.site.about}</p>
      <p className="mt-4 text-base leading-7 text-ink-800">
        We will never ask for your recovery phrase or private key, and we never message first about your tokens. Talk to us through the
        contact form or the social channels linked on every page.
      </p>
    </>
  );
}
