/**
 * Command templates: an action's `webhookAction` turned into the text a game server or webhook receives.
 * Pure functions, no I/O (design: 'Actions: from click to game').
 */

export interface CommandVars {
  /** The viewer's login name. */
  username: string;
  /** The viewer's display name (fall back to the username before calling when there is none). */
  displayName: string;
  /** The chosen Rust player's Steam id for individual actions; '' for global actions. */
  target: string;
  /** The action's name as the shop shows it. */
  actionName: string;
}

const PLACEHOLDER = /\{(username|displayName|target|actionName)\}/g;

/**
 * Characters removed from every value before it is put into a command.
 *
 * Why: Minecraft RCON and the Rust console run one command per line, so a CR or LF inside a value
 * (a display name such as 'bob\nop bob', or a Steam id field filled by hand) would end the admin's command
 * and start a second one of the viewer's choosing. NUL ends a string for C-based servers and for the RCON
 * packet body. The other C0/C1 control characters and the Unicode line and paragraph separators
 * (U+2028, U+2029, and NEL U+0085 in the C1 range) are removed too, since some consoles treat them as line
 * breaks and none of them belongs in a name. Quotes are kept: they can change the arguments of the admin's
 * own command, but they cannot start another command.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A value made safe to put into a single-line console command. */
export function sanitizeCommandValue(value: string): string {
  return value.replace(UNSAFE_CHARACTERS, '');
}

/**
 * Fills `{username}`, `{displayName}`, `{target}` and `{actionName}` in one pass, so a value that itself
 * contains '{target}' is not expanded again. Unknown placeholders such as `{amount}` stay as they are.
 * The template (written by an admin) is not sanitized; only the values are.
 */
export function renderCommand(template: string, vars: CommandVars): string {
  return template.replace(PLACEHOLDER, (_match, name: keyof CommandVars) => sanitizeCommandValue(vars[name]));
}

/**
 * A `webhookAction` such as 'sound=airhorn&volume=80' is 'query style': fields for a webhook receiver
 * rather than a console command. Rule: it contains '=' and no whitespace, so 'say x=1' stays a command.
 * Returns the fields (the last value wins for a repeated key), or null for a plain command.
 */
export function parseQueryStyleAction(webhookAction: string): Record<string, string> | null {
  if (!webhookAction.includes('=') || /\s/.test(webhookAction)) return null;
  return Object.fromEntries(new URLSearchParams(webhookAction));
}
