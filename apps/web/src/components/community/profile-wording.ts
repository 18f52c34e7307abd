/** viewer-spec section 8: a profile that fails to load (anything but a missing user, which has its own card). */
export const PROFILE_LOAD_FAILED = {
  title: 'Failed to fetch user profile',
  description: 'An error occurred loading the profile',
} as const;
