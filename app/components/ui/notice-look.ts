/** The notice's classes (app/enhance/notice.ts). */
export const NOTICE_LOOK = {
  holder: "pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4",
  alert: "pointer-events-auto flex items-center gap-4 rounded-xl bg-ink-900 px-5 py-3 text-base font-semibold text-white shadow-lg",
  dismiss: "rounded-full px-2 text-xl leading-none text-white/80 hover:text-white",
};
