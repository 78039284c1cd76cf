import type { Profile, ProfileUpdate } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

export function updateProfile(update: ProfileUpdate): Promise<Profile> {
  return apiClient.patch<Profile>('/api/profile', update);
}
