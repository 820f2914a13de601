import type { DashboardData, WalletBody } from "../../../common/api/rewards.ts";
import { type ApiResult, appQuery, type Message, request, sendJson } from "../api-client.ts";

export function dashboard(): Promise<ApiResult<DashboardData>> {
  return request(`/api/dashboard?${appQuery()}`);
}

export function claimDailyReward(): Promise<ApiResult<Message>> {
  return request(`/api/claim-daily-reward?${appQuery()}`);
}

export function updateWalletAddress(payload: Omit<WalletBody, "app">): Promise<ApiResult<Message>> {
  return sendJson("/api/dashboard-update-wallet-address", payload, "PUT");
}
