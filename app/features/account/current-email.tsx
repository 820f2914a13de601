import type { AccountEmailView } from "../../../common/api/account-settings.ts";

/** The address the member signs in with, and whether it is confirmed (the dashboard offers the link again when it is not). */
export function CurrentEmail({ current }: { current: AccountEmailView | null }) {
  if (!current) return <p className="mt-2 text-base text-ink-800">Loading your email address…</p>;
  return (
    <p className="mt-2 text-base">
      You sign in with <strong className="break-all">{current.email}</strong>.{" "}
      {current.email_verified ? (
        <span className="font-medium text-success-700">It is confirmed.</span>
      ) : (
        <span className="font-medium text-danger-700">
          It is not confirmed yet: open the link we sent you, or ask for a new one on your dashboard.
        </span>
      )}
    </p>
  );
}
