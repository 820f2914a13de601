/** The price reply's one field, `{slug}_price`: kept apart from the schemas so the pages' scripts read it without zod. */
export function priceField(slug: string): string {
  return `${slug}_price`;
}
