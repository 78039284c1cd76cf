import type { OnboardingInput, Profile } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export function completeOnboarding(input: OnboardingInput): Promise<Profile> {
  return apiClient.post<Profile>('/api/profile/onboarding', input);
}
