/** The spec's screen timings (section 9), in milliseconds. */
export const COPIED_LABEL_MS = 2_000;
export const WALLET_SUCCESS_MESSAGE_MS = 7_000;
export const COUNTDOWN_TICK_MS = 1_000;
export const NOTICE_MS = 6_000;
/** The navigation bar changes style once the page is scrolled this far. */
export const NAV_SCROLL_THRESHOLD_PX = 15;
/** The price badge asks again this often while the page is visible. */
export const PRICE_REFRESH_MS = 60_000;
