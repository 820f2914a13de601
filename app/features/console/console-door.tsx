import { useState } from "react";
import { href, Link } from "react-router";
import { confirmEnrolmentBody, openWithCodeBody, openWithRecoveryCodeBody } from "../../../common/api/admin.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import type { call } from "../../lib/api-call.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { ConsoleForm } from "./console-form.tsx";
import type { DoorState } from "./use-console-door.ts";

type Send = typeof call;

/** The screens before the console opens: not signed in, not staff, enrolment of the app, the code. */
export function ConsoleDoor({ door, send, onOpen }: { door: DoorState; send: Send; onOpen: () => void }) {
  switch (door.kind) {
    case "loading":
      return <p role="status">Checking your access…</p>;
    case "unreachable":
      return (
        <div className="space-y-4">
          <FormMessage error={UNREACHABLE} />
          <button type="button" className="btn-primary" onClick={onOpen}>
            Try again
          </button>
        </div>
      );
    case "signed-out":
      return (
        <CardSection title="Sign in first">
          <p className="mt-2">The console opens for the team's accounts. Sign in, then come back to this page.</p>
          <Link to={href("/login")} className="btn-primary mt-4">
            Sign in
          </Link>
        </CardSection>
      );
    case "not-staff":
      return (
        <CardSection title="No access">
          <p className="mt-2">{door.message}</p>
          <Link to={href("/dashboard")} className="btn-secondary mt-4">
            Back to your dashboard
          </Link>
        </CardSection>
      );
    case "enrol":
      return <EnrolAuthenticator send={send} onDone={onOpen} />;
    case "locked":
      return <OpenWithCode send={send} onOpen={onOpen} codesLeft={door.operator.recovery_codes_left} />;
    case "open":
      return null;
  }
}

function EnrolAuthenticator({ send, onDone }: { send: Send; onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<{ secret: string; qr_svg: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    const result = await send("POST /api/admin/two-factor/setup");
    if (result.ok && result.body) setEnrolment(result.body);
    setError(result.ok ? null : (result.body?.err_msg ?? UNREACHABLE));
  };

  if (codes)
    return (
      <CardSection title="Save your recovery codes">
        <p className="mt-2">
          Each code opens the console once if you lose your phone. Keep them somewhere safe, away from this computer. They are not shown
          again.
        </p>
        <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-lg sm:grid-cols-3">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <button type="button" className="btn-primary mt-6" onClick={onDone}>
          I have saved my recovery codes
        </button>
      </CardSection>
    );

  return (
    <CardSection title="Set up two-factor sign-in">
      <p className="mt-2">
        The console asks for a code from an authenticator app (such as Google Authenticator, 1Password or Aegis) each time it opens and
        before money moves.
      </p>
      <div className="mt-4 space-y-4">
        <FormMessage error={error} />
        {enrolment ? (
          <>
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
              alt="QR code: scan it with your authenticator app"
              width={200}
              height={200}
              className="rounded-lg border border-sand-200"
            />
            <p>
              Or type this key into the app: <code className="font-mono text-lg">{enrolment.secret}</code>
            </p>
            <ConsoleForm
              schema={confirmEnrolmentBody}
              empty={{ code: "" }}
              code
              submitLabel="Confirm the code"
              send={(values) => send("POST /api/admin/two-factor/confirm", { body: values })}
              onDone={(reply) => setCodes(reply.recovery_codes)}
            />
          </>
        ) : (
          <button type="button" className="btn-primary" onClick={start}>
            Show the QR code
          </button>
        )}
      </div>
    </CardSection>
  );
}

function OpenWithCode({ send, onOpen, codesLeft }: { send: Send; onOpen: () => void; codesLeft: number }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const open = (body: { code: string } | { recovery_code: string }) => send("POST /api/admin/sign-in", { body });

  return (
    <CardSection title="Open the console">
      <div className="mt-4 space-y-4">
        {useRecovery ? (
          <ConsoleForm
            schema={openWithRecoveryCodeBody}
            empty={{ recovery_code: "" }}
            submitLabel="Open the console"
            send={open}
            onDone={onOpen}
          >
            {(field) => (
              <TextField
                label="Recovery code"
                required
                autoComplete="off"
                hint={`You have ${codesLeft} left.`}
                {...field("recovery_code")}
              />
            )}
          </ConsoleForm>
        ) : (
          <ConsoleForm schema={openWithCodeBody} empty={{ code: "" }} code submitLabel="Open the console" send={open} onDone={onOpen} />
        )}
        <button type="button" className="btn-secondary" onClick={() => setUseRecovery((current) => !current)}>
          {useRecovery ? "Use the app's code" : "Use a recovery code"}
        </button>
      </div>
    </CardSection>
  );
}
