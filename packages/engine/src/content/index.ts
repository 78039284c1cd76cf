export { rewriteContent, keySentences, type RewriteContentInput, type RewriteContentResult } from './rewrite-content';
export { generateContent, tips as generatorTips, type GenerateContentInput, type GenerateContentOutput, type GeneratedContent } from './generate-content';
export { guardInventedFacts, figuresIn, type GuardedText } from './figures';
export { diffWords, diffTokens, type DiffPart } from './diff';
export { asQuestion, questionHeading } from './question-heading';
export { conciseAnswer, fitCharacters, splitLongSentence, LONG_SENTENCE_WORDS } from './sentences';
export { answerRelevance, relevantAnswer, questionTerms, MIN_ANSWER_RELEVANCE, FULL_ANSWER_RELEVANCE, type AnswerRelevance } from './answer-relevance';
export { humanNeeded } from './human-needed';
export { definitionFirst, directAnswers, sourceLinks, stepLists, type StructuralDraft, type StructuralStep } from './structural-edits';
