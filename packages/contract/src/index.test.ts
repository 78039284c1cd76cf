import { expect, test } from 'vitest';
import { CONTRACT_VERSION } from './index';
test('contract loads', () => { expect(CONTRACT_VERSION).toBe(1); });
