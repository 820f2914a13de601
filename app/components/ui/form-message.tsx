/**
 * An error in red, announced at once (role="alert"), or a success in green.
 * A form that can succeed passes `success` (null until then): its status
 * region is always present, so screen readers announce it when it fills.
 * `errorId` lets the field the error concerns point at it. A hash or an
 * address in a message wraps rather than widening a phone's screen.
 */
export function FormMessage({ error, success, errorId }: { error?: string | null; success?: string | null; errorId?: string }) {
  return (
    <>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border border-danger-700/30 bg-danger-50 px-4 py-3 text-base font-medium text-danger-700 wrap-anywhere"
        >
          {error}
        </p>
      ) : null}
      {success === undefined ? null : (
        <div role="status">
          {success && !error ? (
            <p className="rounded-lg border border-success-700/30 bg-success-50 px-4 py-3 text-base font-medium text-success-700 wrap-anywhere">
              {success}
            </p>
          ) : null}
        </div>
      )}
    </>
  );
}
