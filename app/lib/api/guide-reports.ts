import type { GuideReportBody } from "../../../common/api/guide-reports.ts";
import { type ApiResult, type Message, sendJson } from "../api-client.ts";

export function reportGuideDifference(payload: Omit<GuideReportBody, "app">): Promise<ApiResult<Message>> {
  return sendJson("/api/guide-reports", payload);
}
