import nlp from 'compromise';
import type { Entity } from './types';

/** compromise costs about a millisecond per hundred characters, so it reads a bounded prefix. */
export const ENTITY_TEXT_LIMIT = 6000;

export function extractEntities(text: string, limit = ENTITY_TEXT_LIMIT): Entity[] {
  const doc = nlp(text.slice(0, limit));
  const counts = new Map<string, Entity>();
  const add = (names: string[], type: Entity['type']): void => {
    for (const raw of names) {
      const name = raw.replace(/[.,;:!?'’"]+$/g, '').replace(/^the\s+/i, '').trim();
      if (name.length < 2) continue;
      const key = `${type}:${name.toLowerCase()}`;
      const e = counts.get(key);
      if (e) e.count++;
      else counts.set(key, { text: name, type, count: 1 });
    }
  };
  add(doc.people().out('array') as string[], 'person');
  add(doc.places().out('array') as string[], 'place');
  add(doc.organizations().out('array') as string[], 'organization');
  add(doc.topics().not('#Person').not('#Place').not('#Organization').out('array') as string[], 'topic');
  return [...counts.values()].sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1));
}
