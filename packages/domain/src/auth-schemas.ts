import { z } from 'zod';
import { MSG, optionalHttpUrl, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './validation';
import { hasInvisibleOrControl, hasMarkup } from './visible-text';

const requiredString = (message: string) => z.string({ error: message }).refine((v) => v.length > 0, { message });

export const ZLogin = z.object({
  username: requiredString(MSG.usernameRequired),
  password: requiredString(MSG.passwordRequired),
});
export type TLogin = z.infer<typeof ZLogin>;

/**
 * The one character rule of every name (username, display name, Twitch name), judged on the raw
 * input before trim(): trim() strips U+FEFF and tabs at the ends, which would hide the attempt
 * instead of refusing it. It aborts so a name full of controls hears why, not also that it is short.
 */
const refuseInvisible = (schema: z.ZodString) =>
  schema.refine((v) => !hasInvisibleOrControl(v), { message: MSG.nameInvisible, abort: true });

/** NFC after the trim, so 'e' + U+0301 and 'é' are one name (one account, one length), not two look-alikes. */
const visibleName = (error?: string) =>
  refuseInvisible(z.string(error === undefined ? undefined : { error }))
    .trim()
    .normalize('NFC');

const withoutMarkup = (v: string) => !hasMarkup(v);

export const ZUsername = visibleName(MSG.usernameRequired)
  .refine(withoutMarkup, MSG.nameMarkup)
  .min(USERNAME_MIN, MSG.usernameMin)
  // The spec says 'less than 50' yet allows 3 to 50: 50 characters are accepted, 51 are not.
  .max(USERNAME_MAX, MSG.usernameMax);

export const ZPassword = z
  .string({ error: MSG.passwordRequired })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.passwordMax);

/** What the server takes: the registration payload is username and password only. */
export const ZRegister = z.object({ username: ZUsername, password: ZPassword });
export type TRegister = z.infer<typeof ZRegister>;

/** What the form checks: the server schema plus the confirmation field. */
export const ZRegisterForm = ZRegister.extend({
  confirmPassword: z.string().min(1, MSG.confirmRequired),
}).refine((v) => v.confirmPassword.length === 0 || v.password === v.confirmPassword, {
  message: MSG.passwordsMismatch,
  path: ['confirmPassword'],
});
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const DISPLAY_NAME_MAX = 50;

/** null or '' clears the display name, and the username is shown instead. */
export const ZDisplayName = visibleName()
  .refine(withoutMarkup, MSG.nameMarkup)
  .max(DISPLAY_NAME_MAX)
  .nullable()
  .optional();

export const ZProfileUpdate = z
  .object({
    displayName: ZDisplayName,
    profilePicture: optionalHttpUrl('Profile picture'),
  })
  .strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** Twitch's own login rule; anything else cannot be a Twitch account, so it cannot earn coins. */
export const TWITCH_LOGIN = /^[a-z0-9_]{1,25}$/;

/**
 * An empty string unlinks; anything else must be non-blank after trimming, is lowercased and must
 * then be a Twitch login. Blankness is judged before trim(), which would turn '   ' into the unlink.
 */
export const ZLinkTwitch = z.object({
  // No NFC step: whatever passes TWITCH_LOGIN is ASCII, which NFC leaves as it is.
  twitchUsername: refuseInvisible(z.string({ error: MSG.twitchInvalid }))
    .refine((v) => v.length === 0 || v.trim().length > 0, { message: MSG.twitchInvalid, abort: true })
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || TWITCH_LOGIN.test(v), MSG.twitchInvalid),
});
export type TLinkTwitch = z.input<typeof ZLinkTwitch>;

/** Only the fields that differ from the current values, per viewer-spec section 4. */
export function changedProfileFields(
  current: { displayName: string | null; profilePicture: string | null },
  next: { displayName: string; profilePicture: string },
): TProfileUpdate {
  const changes: TProfileUpdate = {};
  if (next.displayName.trim() !== (current.displayName ?? '')) changes.displayName = next.displayName.trim();
  if (next.profilePicture.trim() !== (current.profilePicture ?? ''))
    changes.profilePicture = next.profilePicture.trim();
  return changes;
}
