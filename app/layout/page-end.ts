/**
 * The id of an empty element after the page's visible markup. The document's
 * head asks the browser not to paint before it (`<link rel="expect">`): a busy
 * browser otherwise paints a half-parsed page, and a navigation row or a
 * heading that grows a piece at a time moves what is beside it. The largest
 * page is 10 KB gzipped, so waiting for its end costs nothing a reader sees.
 * Chromium stops waiting once the element is inserted, so it must be empty.
 */
export const PAGE_END_ID = "page-end";
