import type { PlanId, Profile, PublicConfig } from '@citable/contract';
import { PROFILE_FETCH_TIMEOUT_MS } from '@citable/contract';
import { apiClient } from './api-client';

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiClient.get<Profile>('/api/profile', { signal, timeoutMs: PROFILE_FETCH_TIMEOUT_MS });
}

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiClient.get<PublicConfig>('/api/config', { signal });
}

export function setFreePlan(): Promise<unknown> {
  const plan: PlanId = 'free';
  return apiClient.post('/api/profile/plan', { plan });
}
