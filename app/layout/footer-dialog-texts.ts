import { lazy } from "react";

const whoWeAre = () => import("../features/token/who-we-are-text.tsx");
const tokenAddress = () => import("../features/token/token-address-text.tsx");

/**
 * The footer dialogs' texts. The prerender writes them into the articles' HTML, whose script opens the dialogs without
 * React; in the browser each is a chunk of its own, fetched when its dialog first opens, so a React page's first visit
 * does not download them. No static import: the client build's chunk groups would take the texts into the shell.
 */
export const footerDialogTexts = import.meta.env.SSR
  ? { WhoWeAreText: (await whoWeAre()).default, TokenAddressText: (await tokenAddress()).default }
  : { WhoWeAreText: lazy(whoWeAre), TokenAddressText: lazy(tokenAddress) };
