import { closest } from './closest';

/**
 * "unknown check "documnet-title" in --skip documnet-title (did you mean document-title?); the
 * check ids are: ...". Kept apart from the check catalogue, which loads the engine.
 */
export function unknownCheckMessage(id: string, where: string, ids: readonly string[]): string {
  const suggestion = closest(id, ids);
  return `unknown check "${id}" in ${where}${suggestion ? ` (did you mean ${suggestion}?)` : ''}; the check ids are: ${ids.join(', ')}`;
}
