import { site } from "../../site.ts";

/** The console's page title: in its route's meta, and in the client-only shell the server sends before the console has loaded. */
export const CONSOLE_TITLE = `Console | ${site.token.name} (${site.token.symbol})`;
