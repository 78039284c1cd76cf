import { WORKSPACE_ERRORS } from '@citable/contract';
import { ApiRequestError } from '../../../lib/api-client';

export type InviteProblem = { kind: 'invalid' | 'expired' | 'used' | 'failed'; title: string; message: string };

/** The page's wording for a refused preview: forged, expired, used or revoked, or anything else. */
export function inviteProblem(error: unknown): InviteProblem {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiRequestError && error.status === 410) {
    if (message === WORKSPACE_ERRORS.invitationExpired) return { kind: 'expired', title: 'Invitation expired', message };
    return { kind: 'used', title: 'Invitation already used', message: `${message} Each invitation link works once.` };
  }
  if (error instanceof ApiRequestError && (error.status === 400 || error.status === 404)) return { kind: 'invalid', title: 'Link not valid', message: `${WORKSPACE_ERRORS.invitationInvalid} Open the whole link from the e-mail again.` };
  return { kind: 'failed', title: 'The invitation could not be loaded', message };
}
