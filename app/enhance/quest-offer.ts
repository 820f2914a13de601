import { pageOfferText, quizOfferText } from "../features/quests/offer-text.ts";
import { call } from "../lib/api-call.ts";
import { site } from "../site.ts";

/**
 * The earn page's quest cards with what the operators' settings pay now: the
 * prerendered text holds the configuration's first amounts, and a card whose
 * quests are all paused or retired is taken off the page.
 */
export async function enhanceQuestOffer(): Promise<void> {
  const cards = document.querySelectorAll<HTMLElement>("[data-quest-offer]");
  if (cards.length === 0) return;
  const offer = await call("GET /api/quests/offer");
  if (!offer.ok || !offer.body) return;
  const quests = offer.body.quests;
  for (const card of cards) {
    const text = card.querySelector("p");
    const shown =
      card.dataset.questOffer === "quiz"
        ? quests.filter((quest) => quest.kind === "quiz")
        : quests.filter((quest) => quest.kind === "visit" || quest.kind === "read");
    card.hidden = shown.length === 0;
    if (text && shown.length > 0)
      text.textContent = card.dataset.questOffer === "quiz" ? quizOfferText(shown, site.token.symbol) : pageOfferText(shown);
  }
}
