import { href } from "react-router";
import { ContactForm } from "../features/contact/contact-form.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact us",
    description: `Questions about ${site.token.name}, the wallet guides or the rewards? Write to the team.`,
    path: href("/contact-us"),
  });

export default function ContactUs() {
  return (
    <CardPage
      title="Contact us"
      intro="Questions about the token, the guides or your rewards? We read every message and answer by email within a few days."
    >
      <p className="mb-6 rounded-lg bg-sand-100 p-3 text-base text-ink-800">
        We will never ask for your recovery phrase or private key. Do not put them in this form.
      </p>
      <ContactForm />
    </CardPage>
  );
}
