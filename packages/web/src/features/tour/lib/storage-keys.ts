import { STORAGE_PREFIX } from '@citable/contract';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/** Set when the tour is completed or skipped (spec 002 §4). */
export const TOUR_COMPLETED_KEY = `${STORAGE_PREFIX}tour-completed`;

/** Completing or skipping either guide records it and drops the walkthrough that onboarding queued. */
export function markGuideDone(): void {
  writeStorage(TOUR_COMPLETED_KEY, 'true');
  writeStorage(STORAGE_KEYS.walkthroughPending, null);
}

export const walkthroughPending = () => readStorage(STORAGE_KEYS.walkthroughPending) === 'true';
