import { ACCOUNT_PATHS } from "../../account-paths.ts";

/** What the navigation and the footer offer, for AccountLinks (React) and the articles' script alike. */
export const MEMBER_LINKS = [
  { path: ACCOUNT_PATHS.dashboard, label: "Dashboard" },
  { path: ACCOUNT_PATHS.account, label: "Account" },
] as const;
export const VISITOR_LINKS = [
  { path: ACCOUNT_PATHS.login, label: "Login" },
  { path: ACCOUNT_PATHS.register, label: "Register" },
] as const;
export const LOGOUT_LABEL = "Logout";
