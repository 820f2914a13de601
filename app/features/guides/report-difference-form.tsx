import { type FormEvent, useId, useState } from "react";
import { checkFields } from "../../../common/api/fields.ts";
import { guideReportFields } from "../../../common/api/guide-reports.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { reportGuideDifference } from "../../lib/api-client.ts";
import { UNREACHABLE } from "../../lib/use-api-form.ts";

type GuideOutline = { path: string; title: string; steps: string[] };

/** The report: which guide and step, what the reader sees, and an address if they would like an answer. */
export function ReportDifferenceForm({
  guides,
  initialGuide,
  initialStep,
}: {
  guides: GuideOutline[];
  initialGuide: string;
  initialStep: string;
}) {
  const [page, setPage] = useState(guides.some((guide) => guide.path === initialGuide) ? initialGuide : "");
  const steps = guides.find((guide) => guide.path === page)?.steps ?? [];
  const ids = useId();
  const [state, setState] = useState<{ sending: boolean; error: string | null; success: string | null; invalid: string | null }>({
    sending: false,
    error: null,
    success: null,
    invalid: null,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const step = Number(fields.get("step"));
    const values = {
      page,
      note: String(fields.get("note") ?? ""),
      email: String(fields.get("email") ?? ""),
      ...(step ? { step } : {}),
    };
    const checked = checkFields(guideReportFields, values);
    if (!checked.ok) return setState({ sending: false, error: checked.message, success: null, invalid: checked.field });
    setState({ sending: true, error: null, success: null, invalid: null });
    const result = await reportGuideDifference(checked.data);
    if (result.ok && result.body?.suc_msg) form.reset();
    setState({
      sending: false,
      error: result.ok ? null : (result.body?.err_msg ?? UNREACHABLE),
      success: result.ok ? (result.body?.suc_msg ?? null) : null,
      invalid: null,
    });
  };

  return (
    <form method="post" onSubmit={submit} noValidate className="mt-6 space-y-4">
      <div>
        <label htmlFor={`${ids}-guide`} className="field-label">
          Which guide?
        </label>
        <select
          id={`${ids}-guide`}
          name="page"
          className="field-input"
          value={page}
          onChange={(event) => setPage(event.target.value)}
          aria-invalid={state.invalid === "page" || undefined}
        >
          <option value="">Choose a guide</option>
          {guides.map((guide) => (
            <option key={guide.path} value={guide.path}>
              {guide.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${ids}-step`} className="field-label">
          Which part?
        </label>
        <select id={`${ids}-step`} key={page} name="step" className="field-input" defaultValue={initialStep}>
          <option value="">The whole guide</option>
          {steps
            .map((title, index) => ({ number: index + 1, title }))
            .map((step) => (
              <option key={step.number} value={step.number}>
                {step.number}. {step.title}
              </option>
            ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${ids}-note`} className="field-label">
          What looks different?
        </label>
        <textarea
          id={`${ids}-note`}
          name="note"
          required
          rows={4}
          className="field-input"
          aria-invalid={state.invalid === "note" || undefined}
        />
      </div>
      <TextField
        label="Your email"
        name="email"
        type="email"
        autoComplete="email"
        hint="Only if you would like an answer."
        invalid={state.invalid === "email"}
      />
      <SubmitButton className="btn-primary" disabled={state.sending}>
        {state.sending ? "Sending…" : "Send the report"}
      </SubmitButton>
      <FormMessage error={state.error} success={state.success} />
    </form>
  );
}
