import type { FormEvent } from "react";
import { guideReportFields } from "../../../common/api/guide-reports.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SelectField, TextArea } from "../../components/ui/labelled-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { reportGuideDifference } from "../../lib/api/guide-reports.ts";
import { useApiForm } from "../../lib/use-api-form.ts";

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
  const form = useApiForm(
    guideReportFields,
    { page: guides.some((guide) => guide.path === initialGuide) ? initialGuide : "", step: initialStep, note: "", email: "" },
    { csrf: null },
  );
  const { page, step } = form.values;
  const steps = guides.find((guide) => guide.path === page)?.steps ?? [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { page, note: form.values.note, email: form.values.email, ...(Number(step) ? { step: Number(step) } : {}) };
    if (await form.submit(reportGuideDifference, { input })) form.clear();
  };

  return (
    <form method="post" onSubmit={submit} noValidate className="mt-6 space-y-4">
      <SelectField
        label="Which guide?"
        {...form.field("page")}
        onChange={(event) => form.setValues((values) => ({ ...values, page: event.target.value, step: "" }))}
      >
        <option value="">Choose a guide</option>
        {guides.map((guide) => (
          <option key={guide.path} value={guide.path}>
            {guide.title}
          </option>
        ))}
      </SelectField>
      <SelectField label="Which part?" {...form.field("step")}>
        <option value="">The whole guide</option>
        {steps
          .map((title, index) => ({ number: index + 1, title }))
          .map((step) => (
            <option key={step.number} value={step.number}>
              {step.number}. {step.title}
            </option>
          ))}
      </SelectField>
      <TextArea label="What looks different?" required rows={4} {...form.field("note")} />
      <TextField label="Your email" type="email" autoComplete="email" hint="Only if you would like an answer." {...form.field("email")} />
      <SubmitButton className="btn-primary" disabled={form.submitting}>
        {form.submitting ? "Sending…" : "Send the report"}
      </SubmitButton>
      <FormMessage {...form.message} />
    </form>
  );
}
