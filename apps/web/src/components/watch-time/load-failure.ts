/** admin-spec section 2: the words shown when the server refuses the admin calls. */
export const PERMISSION_REFUSED_TEXT = 'Failed to load watch time settings. Please check your admin permissions.';

/** 401 (signed out meanwhile) and 403 (no longer an admin) are refusals; anything else is a failure to report as is. */
export function isPermissionRefusal(httpStatus: number | undefined): boolean {
  return httpStatus === 401 || httpStatus === 403;
}
