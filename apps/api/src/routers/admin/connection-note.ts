/** What the reference says of the two routes that connect with credentials from the request. */
export const CONNECTION_NOTE =
  'The password is used for this one connection and never appears in the reply. A failed connection answers 200 with success false and the reason in error; 5 s timeout.';
