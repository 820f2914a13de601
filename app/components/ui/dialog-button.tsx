import { type ReactNode, Suspense, useId, useRef, useState } from "react";
import { trapTab } from "../../lib/modal-dialog.ts";

/**
 * A button that opens a modal dialog. The native <dialog> opened with
 * showModal() makes the page behind it inert and closes on Escape; it is
 * labelled by its title, keeps Tab inside, and gives focus back to the button.
 * On the articles, which load no React, app/enhance/dialogs.ts does the same.
 * With `textOnOpen`, the text is rendered from the first opening on (it may be
 * loaded then), not at the page's first paint.
 */
export function DialogButton({
  label,
  title,
  buttonClassName,
  textOnOpen = false,
  children,
}: {
  label: ReactNode;
  title: string;
  buttonClassName: string;
  textOnOpen?: boolean;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const dialogId = useId();
  const [opened, setOpened] = useState(false);

  const close = () => dialogRef.current?.close();

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-controls={dialogId}
        className={buttonClassName}
        onClick={() => {
          setOpened(true);
          dialogRef.current?.showModal();
        }}
      >
        {label}
      </button>
      <dialog
        ref={dialogRef}
        id={dialogId}
        aria-labelledby={titleId}
        onClose={() => buttonRef.current?.focus()}
        onKeyDown={(event) => trapTab(event.currentTarget, event.nativeEvent)}
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
        className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl bg-surface p-0 text-ink-900 shadow-2xl"
      >
        <div className="p-6 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold sm:text-2xl">
              {title}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              data-dialog-close
              className="-mt-1 -mr-2 rounded-full p-2 text-2xl leading-none text-ink-700 hover:bg-sand-100"
            >
              ×
            </button>
          </div>
          <div className="mt-4">{textOnOpen ? opened && <Suspense>{children}</Suspense> : children}</div>
        </div>
      </dialog>
    </>
  );
}
