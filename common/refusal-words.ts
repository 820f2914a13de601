/**
 * The words of each code of a refusal (a service's domain answer), each
 * reading that code's own data. Typed by the refusal, so a new code without
 * words does not compile.
 */
export type RefusalWords<Refusal extends { refusal: string }> = {
  [Code in Refusal["refusal"]]: (refused: Extract<Refusal, { refusal: Code }>) => string;
};

/** What one refusal says, from its area's table. */
export function wordsOf<Refusal extends { refusal: string }>(table: RefusalWords<Refusal>, refused: Refusal): string {
  // The lookup loses which code the entry was typed for; `RefusalWords` made each entry take that code's refusal.
  return (table[refused.refusal as Refusal["refusal"]] as (refused: Refusal) => string)(refused);
}
