/** Query keys shared by features, so an invalidation in one reaches the readers in another. */
export const queryKeys = {
  session: ['session'] as const,
  profile: (userId: string) => ['profile', userId] as const,
  profileRoot: ['profile'] as const,
};
