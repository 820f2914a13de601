import type { PayoutsView, PayoutView } from "../../../common/api/payouts.ts";
import { type ApiResult, appQuery, type Message, request, sendJson } from "../api-client.ts";

export function siweNonce(): Promise<ApiResult<{ nonce: string; err_msg?: string }>> {
  return request(`/api/siwe-nonce?${appQuery()}`);
}

export function verifyWallet(payload: {
  message: string;
  signature: string;
  csrfToken: string;
}): Promise<ApiResult<Message & { address?: string }>> {
  return sendJson("/api/verify-wallet", payload);
}

export function payouts(): Promise<ApiResult<PayoutsView>> {
  return request(`/api/payouts?${appQuery()}`);
}

export function requestPayout(payload: { amount: string; csrfToken: string }): Promise<ApiResult<PayoutView & Message>> {
  return sendJson("/api/payouts", payload);
}

export function cancelPayout(id: number, csrfToken: string): Promise<ApiResult<Message>> {
  return sendJson(`/api/payouts/${id}/cancel`, { csrfToken });
}

export function appealPayout(id: number, message: string, csrfToken: string): Promise<ApiResult<Message>> {
  return sendJson(`/api/payouts/${id}/appeal`, { message, csrfToken });
}
