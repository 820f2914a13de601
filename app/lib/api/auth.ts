import type { RegisterBody, SignInBody } from "../../../common/api/auth.ts";
import { type ApiResult, type Message, sendJson } from "../api-client.ts";

export type SignInPayload = Omit<SignInBody, "app">;

export function signIn(payload: SignInPayload): Promise<ApiResult<Message>> {
  return sendJson("/api/signin", payload);
}

export type RegisterPayload = Omit<RegisterBody, "app">;

export function register(payload: RegisterPayload): Promise<ApiResult<Message>> {
  return sendJson("/api/register", payload);
}
