/** Apart from the account schemas, so the articles' script can say it without loading zod. */
export const ACCOUNT_DELETED = "Your account is deleted. We are sorry to see you go.";
