import { ACCOUNT_DELETED } from "../../common/api/account-deleted.ts";
import { showNotice } from "./notice.ts";

/** After deleting an account the member lands on the home page with `?account=deleted`: say it was done, once. */
export function noticeAccountDeleted(): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get("account") !== "deleted") return;
  showNotice(ACCOUNT_DELETED);
  url.searchParams.delete("account");
  window.history.replaceState(null, "", url);
}
