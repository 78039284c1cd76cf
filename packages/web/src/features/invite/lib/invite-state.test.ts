import { WORKSPACE_ERRORS } from '@citable/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { inviteProblem } from './invite-state';

describe('inviteProblem', () => {
  it('tells forged, expired and used links apart', () => {
    expect(inviteProblem(new ApiRequestError(WORKSPACE_ERRORS.invitationInvalid, 400)).kind).toBe('invalid');
    expect(inviteProblem(new ApiRequestError(WORKSPACE_ERRORS.invitationExpired, 410)).kind).toBe('expired');
    expect(inviteProblem(new ApiRequestError(WORKSPACE_ERRORS.invitationUsed, 410)).kind).toBe('used');
    expect(inviteProblem(new ApiRequestError('API request failed: 502 Bad Gateway', 502))).toMatchObject({ kind: 'failed', message: 'API request failed: 502 Bad Gateway' });
  });
});
