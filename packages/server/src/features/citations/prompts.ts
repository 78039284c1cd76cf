/**
 * The prompts asked of answer engines: what a buyer asks when looking for what the user offers,
 * one set per keyword, plus the prompts the user saved. Recommendation questions are where
 * engines name brands, which is the mention that matters.
 */
export const PROMPT_TEMPLATES = ['What are the best tools for {keyword}?', 'Which companies are known for {keyword}?'] as const;

export function buildPrompts(keywords: readonly string[], saved: readonly string[]): string[] {
  const fromKeywords = keywords.flatMap((keyword) => PROMPT_TEMPLATES.map((template) => template.replace('{keyword}', keyword)));
  return [...new Map([...fromKeywords, ...saved].map((prompt) => [prompt.toLowerCase(), prompt])).values()];
}

/**
 * Search sources are searched the way people search: the keywords themselves (to see who the
 * community names for the topic), then the domain and the brand (to find every mention).
 */
export function buildSearchQueries(keywords: readonly string[], domain: string, brand: string): { keywordQueries: string[]; brandQueries: string[] } {
  const brandQueries = [domain, `"${brand}"`].filter((query, index, all) => all.indexOf(query) === index);
  return { keywordQueries: [...keywords], brandQueries };
}
