import { useEffect, useState } from "react";
import type { AccountEmailView } from "../../common/api/account-settings.ts";
import { ChangeEmailForm } from "../features/account/change-email-form.tsx";
import { ChangePasswordForm } from "../features/account/change-password-form.tsx";
import { DeleteAccountForm } from "../features/account/delete-account-form.tsx";
import { DisplayNameForm } from "../features/account/display-name-form.tsx";
import { SessionsList } from "../features/account/sessions-list.tsx";
import { StreakReminderForm } from "../features/account/streak-reminder-form.tsx";
import { TitledPage } from "../layout/titled-page.tsx";
import { call } from "../lib/api-call.ts";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Account");

/** The signed-in member's settings; the sessions list sends a visitor who is not signed in to /login. */
export default function Account() {
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const [email, setEmail] = useState<AccountEmailView | null>(null);
  useEffect(() => {
    void call("GET /api/account").then((result) => result.ok && result.body && setEmail(result.body));
  }, []);
  return (
    <TitledPage
      title="Account"
      width="3xl"
      lead="Your password, your email address, your name on the leaderboard, streak reminders, where you are signed in, and deleting your account."
    >
      <div className="mt-8 space-y-6">
        <SessionsList version={sessionsVersion} />
        <ChangePasswordForm onChanged={() => setSessionsVersion((version) => version + 1)} />
        <ChangeEmailForm current={email} />
        <DisplayNameForm />
        <StreakReminderForm />
        <DeleteAccountForm />
      </div>
    </TitledPage>
  );
}
