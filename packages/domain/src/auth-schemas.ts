import { z } from 'zod';
import { MSG, optionalHttpUrl, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './validation';

const requiredString = (message: string) => z.string({ error: message }).refine((v) => v.length > 0, { message });

export const ZLogin = z.object({
  username: requiredString(MSG.usernameRequired),
  password: requiredString(MSG.passwordRequired),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZUsername = z
  .string({ error: MSG.usernameRequired })
  .trim()
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

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const ZProfileUpdate = z
  .object({
    displayName: optionalText(50),
    profilePicture: optionalHttpUrl('Profile picture'),
  })
  .strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** An empty string unlinks; anything else must be non-blank after trimming and is lowercased. */
export const ZLinkTwitch = z.object({
  twitchUsername: z
    .string({ error: MSG.twitchInvalid })
    .refine((v) => v.length === 0 || v.trim().length > 0, { message: MSG.twitchInvalid })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().max(50)),
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
