/** The earn page's words for what quests pay: the prerendered page's from the configuration, its script's from the settings. */

type Amounts = { title: string; xp: number; tokens: string };

const tokensText = (tokens: string, symbol: string) => `${BigInt(tokens).toLocaleString("en-US")} ${symbol}`;

function quizPay({ xp, tokens }: Amounts, symbol: string): string {
  return BigInt(tokens) > 0n ? `${xp} XP and ${tokensText(tokens, symbol)} for a first pass` : `${xp} XP for a first pass`;
}

export function quizOfferText(quizzes: Amounts[], symbol: string): string {
  const [first] = quizzes;
  if (!first) return "";
  const alike = quizzes.every((quiz) => quiz.xp === first.xp && quiz.tokens === first.tokens);
  const pays = alike ? quizPay(first, symbol) : quizzes.map((quiz) => `${quiz.title}, ${quizPay(quiz, symbol)}`).join("; ");
  const anyTokens = quizzes.some((quiz) => BigInt(quiz.tokens) > 0n);
  return `Read a wallet guide, then pass its short quiz: ${pays}${anyTokens ? " (tokens once your wallet is verified)" : ""}. Graded on our server, with a receipt.`;
}

const PERIODS = { once: "once", daily: "once a day", weekly: "once a week", monthly: "once a month" } as const;

export function pageOfferText(pages: Array<Amounts & { period: keyof typeof PERIODS }>): string {
  const list = pages.map((quest) => `${quest.title}: ${quest.xp} XP, ${PERIODS[quest.period]}`).join("; ");
  return `While signed in, open or read some of our pages to the end. XP for the leaderboard, never tokens, because a visit cannot be checked${list ? `: ${list}` : ""}.`;
}
