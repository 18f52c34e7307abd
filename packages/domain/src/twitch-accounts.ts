/**
 * Who may be paid for a Twitch account. A typed Twitch name is only a claim; 'Verify with Twitch'
 * proves it. Watch-time rewards and channel-point conversions go to proven accounts, and never to the
 * broadcaster or to the chat bots present in nearly every channel (they sit in chat all stream long).
 */

export const TWITCH_VERIFY_MSG = {
  taken: 'This Twitch account is linked to another user',
  verified: 'Twitch account verified',
  whatItUnlocks: 'Verify with Twitch to earn coins while you watch and to turn channel points into coins.',
} as const;

/** Bots that join most channels' chat; lower case, as Twitch logins are compared. */
export const KNOWN_TWITCH_BOTS: ReadonlySet<string> = new Set([
  'nightbot',
  'streamelements',
  'streamlabs',
  'moobot',
  'fossabot',
  'wizebot',
  'soundalerts',
  'sery_bot',
  'commanderroot',
  'pokemoncommunitygame',
  'streamstickers',
  'kofistreambot',
  'botrixoficial',
  'blerp',
  'own3d',
  'lurxx',
  'anotherttvviewer',
  'frostytoolsdotcom',
  'creatisbot',
  'tangiabot',
]);

/** False for the broadcaster's own account (by login) and for known bots. */
export function isPayableTwitchLogin(
  login: string,
  broadcasterLogins: readonly (string | null | undefined)[],
): boolean {
  const key = login.trim().toLowerCase();
  if (KNOWN_TWITCH_BOTS.has(key)) return false;
  return !broadcasterLogins.some((b) => b && b.trim().toLowerCase() === key);
}
