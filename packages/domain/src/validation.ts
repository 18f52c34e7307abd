import { z } from 'zod';

/** Exact wordings from viewer-spec section 5; the forms and the server show the same text. */
export const MSG = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be less than 50 characters',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be less than 100 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  twitchInvalid: 'Please enter a valid Twitch username.',
  // Not in the spec: added so a name cannot impersonate another viewer on stream (see visible-text.ts).
  nameInvisible: 'Names cannot contain invisible or control characters',
  nameMarkup: 'Names cannot contain < or >',
} as const;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 100;

/** Turns the first zod issue into '<field>: <message>' so a 400 always names the field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** True for an absolute http(s) URL with a host: what an <img src> may safely be given. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An optional image link (action, package, avatar). Only http(s): a javascript: or data: URL in
 * an <img> or a link is a door for script or tracking. '' and null keep meaning 'no image'.
 */
export const optionalHttpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .refine((v) => v === '' || isHttpUrl(v), `${label} must start with https:// or http://`)
    .nullable()
    .optional();
