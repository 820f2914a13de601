/**
 * The member area's pages, React-free: the route table (site-pages.ts) lists them from here, and the account links
 * of the React pages and of the articles' small script take their paths from here too.
 */
export const ACCOUNT_PATHS = { dashboard: "/dashboard", account: "/account", login: "/login", register: "/register" } as const;
