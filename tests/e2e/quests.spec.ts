import type { Page } from "@playwright/test";
import { chainQuestRefusalText } from "../../common/api/quests.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { loadQuizBank, type Quiz } from "../../server/services/quests/quiz-bank.ts";
import { signedInUser } from "./support/accounts.ts";
import { csrfTokenRequests, sendFirstWithStaleToken } from "./support/csrf-requests.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const quizzes = loadQuizBank(loadSiteConfig());
const quiz = quizzes.get("secret-recovery-phrase") as Quiz;
const createWallet = quizzes.get("create-wallet") as Quiz;

/** Chooses the right answer for the first `right` questions and a wrong one for the rest, by the choices' words. */
async function answer(page: Page, { questions }: Quiz, right = questions.length) {
  for (const [index, question] of questions.entries()) {
    const group = page.getByRole("group", { name: question.text });
    const choice = question.choices.find((candidate) => candidate.correct === index < right);
    await group.getByLabel(choice?.text as string, { exact: true }).check();
  }
}

test.describe("quests", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: a failed quiz explains each answer and cools down; a pass earns XP, with a receipt`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signedInUser(context, baseURL as string);
      await page.goto("/quests");
      await expect(page.getByTestId("xp-total")).toHaveText("Your XP: 0");
      // Without a node (as here) the on-chain quests are listed, and say they need the chain index rather than offering a check.
      await expect(page.getByRole("heading", { name: "On-chain quests", level: 2 })).toBeVisible();
      await expect(page.getByTestId("chain-index-lag")).toHaveText(/^On-chain quests need the site's chain index/);
      await expect(page.getByRole("button", { name: /^Check now/ })).toHaveCount(0);
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`quests-${width}.png`), fullPage: true });

      await page.getByRole("button", { name: `Start the quiz: ${quiz.title}` }).click();
      await expect(page.getByRole("heading", { name: quiz.title, level: 2 })).toBeFocused();
      const send = page.getByRole("button", { name: "Send my answers" });
      await expect(send).toBeDisabled();
      await answer(page, quiz, quiz.pass - 1);
      await expectAccessible(page);
      await send.click();
      const result = page.getByTestId("quiz-result");
      await expect(result.getByRole("heading", { level: 2 })).toHaveText(`Not passed: ${quiz.pass - 1} of ${quiz.questions.length} right`);
      const wrong = quiz.questions.at(-1);
      await expect(result).toContainText(wrong?.choices.find((choice) => !choice.correct)?.why as string);
      await expect(result).toContainText(`The right answer: ${wrong?.choices.find((choice) => choice.correct)?.text}`);
      await expect(result).toContainText("not passed, so nothing is credited");
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`quiz-failed-${width}.png`), fullPage: true });
      await result.getByRole("button", { name: "Back to the quests" }).click();
      await expect(page.getByText(/^Open again at /)).toBeVisible();
      await expect(page.getByRole("region", { name: "Receipts" })).toContainText("not passed");

      await page.getByRole("button", { name: "Start the quiz: Create a wallet" }).click();
      await answer(page, createWallet);
      await page.getByRole("button", { name: "Send my answers" }).click();
      await expect(result.getByRole("heading", { level: 2 })).toHaveText(`Passed: 3 of 3 right`);
      await expect(result).toContainText("Credited: 100 XP.");
      await expect(result).toContainText("no tokens, because tokens need a verified wallet");
      await result.getByRole("button", { name: "Back to the quests" }).click();
      await expect(page.getByTestId("xp-total")).toHaveText("Your XP: 100");
      await expect(page.getByRole("button", { name: "Take it again: Create a wallet" })).toBeVisible();
    });
  }
});

test("answers refused for a token the server no longer takes are sent once more with a new token, and none are lost", async ({
  page,
  context,
  baseURL,
}) => {
  await signedInUser(context, baseURL as string);
  const tokenRequests = csrfTokenRequests(page, "quests");
  const refused = await sendFirstWithStaleToken(page, "**/api/quests/quizzes/*/answers", "body");
  await page.goto("/quests");
  await page.getByRole("button", { name: `Start the quiz: ${createWallet.title}` }).click();
  await answer(page, createWallet);
  await page.getByRole("button", { name: "Send my answers" }).click();
  await expect(page.getByTestId("quiz-result").getByRole("heading", { level: 2 })).toHaveText("Passed: 3 of 3 right");
  expect(refused).toEqual([403]);
  expect(tokenRequests).toHaveLength(2);
});

test("a refusal other than an expired form is said as it came, after one sending: a check that leaves a receipt is not made twice", async ({
  page,
  context,
  baseURL,
}) => {
  await signedInUser(context, baseURL as string);
  const tokenRequests = csrfTokenRequests(page, "quests");
  const frozen = chainQuestRefusalText({ refusal: "account_frozen" });
  const sent: string[] = [];
  await page.route("**/api/quests/quizzes/*/start", (route) => {
    sent.push(route.request().url());
    return route.fulfill({ status: 403, json: { err_msg: frozen } });
  });
  await page.goto("/quests");
  await page.getByRole("button", { name: `Start the quiz: ${createWallet.title}` }).click();
  await expect(page.getByRole("alert")).toHaveText(frozen);
  expect(sent).toHaveLength(1);
  expect(tokenRequests).toHaveLength(1);
});
