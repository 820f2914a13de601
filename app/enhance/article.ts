import { handleCopyButtons } from "../lib/copy-buttons.ts";
import { noticeAccountDeleted } from "./account-deleted.ts";
import { enhanceAccountLinks } from "./account-links.ts";
import { enhanceAddToken } from "./add-token.ts";
import { enhanceColorSchemeToggle } from "./color-scheme-toggle.ts";
import { enhanceDialogs } from "./dialogs.ts";
import { enhanceGuideSearch, openSectionFromHash } from "./guide-search.ts";
import { enhanceMarket } from "./market.ts";
import { enhanceMemberProgress } from "./member-progress.ts";
import { enhancePageQuests } from "./page-quests.ts";
import { enhancePlatformChoice } from "./platform-choice.ts";
import { enhancePriceBadge } from "./price-badge.ts";
import { enhanceQuestOffer } from "./quest-offer.ts";
import { enhanceSiteNav } from "./site-nav.ts";

/**
 * The whole script of a prerendered article (decision 053): no React, no
 * hydration; each part finds its prerendered markup and gives it behaviour.
 */
enhanceDialogs();
handleCopyButtons(document);
enhanceSiteNav();
enhanceColorSchemeToggle();
enhanceAddToken();
enhancePriceBadge();
enhanceMarket();
enhanceGuideSearch();
openSectionFromHash();
enhancePlatformChoice();
void enhanceAccountLinks();
void enhanceMemberProgress();
void enhancePageQuests();
void enhanceQuestOffer();
noticeAccountDeleted();
