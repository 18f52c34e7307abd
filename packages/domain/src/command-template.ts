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
 * Control characters, removed from the admin's own `{actionName}` before it is put into a command.
 *
 * Why: Minecraft RCON and the Rust console run one command per line, so a CR or LF inside a value would end
 * the admin's command and start a second one. NUL ends a string for C-based servers and for the RCON packet
 * body. The other C0/C1 control characters and the Unicode line and paragraph separators (U+2028, U+2029,
 * and NEL U+0085 in the C1 range) are removed too, since some consoles treat them as line breaks.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Everything a viewer-supplied value may NOT keep: anything but letters, digits (any script), combining marks
 * and `_ . -`.
 *
 * Why so strict: a viewer chooses their display name, and the admin's template puts it inside a console
 * command. Minecraft reads spaces as argument breaks, `@e[type=player]` as a selector that hits every entity,
 * quotes and brackets as NBT/JSON syntax, `§` as a formatting code, and `/`, `\`, `;` mean something to
 * various consoles and plugins; Rust splits arguments on spaces and quotes. Escaping differs per game and
 * per command, so instead of escaping we keep only characters that cannot change a command's meaning in any
 * of them. Letters and digits of every script stay (after NFKC, so fullwidth `Ａ` becomes `A`): a viewer
 * called 'Zoë' or '小明' keeps their name, and no letter is a separator or an operator in these consoles.
 * Combining marks stay because many scripts (Devanagari, Thai) cannot be written without them.
 * Webhook bodies carry the raw values as JSON fields instead (see @shop/dispatch).
 */
const NOT_SAFE_IN_COMMAND = /[^\p{L}\p{M}\p{N}_.-]/gu;

/**
 * A name used when a viewer's names keep nothing after sanitizing (e.g. a display name of only symbols).
 * Why not '': an empty value would shift the admin's arguments ('give {username} diamond 1' would become
 * 'give  diamond 1', making 'diamond' the player), so the command would do something other than intended.
 */
export const FALLBACK_VIEWER_NAME = 'viewer';

/**
 * A viewer-supplied value (username, display name, Steam id) made safe to put into a game console command:
 * only letters, digits, combining marks and `_ . -` stay. May return ''.
 */
export function sanitizeCommandValue(value: string): string {
  return value.normalize('NFKC').replace(NOT_SAFE_IN_COMMAND, '');
}

/** The admin's own text (`{actionName}`): only control characters are removed, spaces and punctuation stay. */
export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '');
}

/**
 * Fills `{username}`, `{displayName}`, `{target}` and `{actionName}` in one pass, so a value that itself
 * contains '{target}' is not expanded again. Unknown placeholders such as `{amount}` stay as they are.
 * The template (written by an admin) is not sanitized; viewer values keep only safe characters
 * (`sanitizeCommandValue`) and the action name loses control characters. A display name that keeps nothing
 * falls back to the username, and a username that keeps nothing to `FALLBACK_VIEWER_NAME`. `{target}` may
 * be '' (a global Rust action leaves it empty on purpose), so it has no fallback.
 */
export function renderCommand(template: string, vars: CommandVars): string {
  const username = sanitizeCommandValue(vars.username) || FALLBACK_VIEWER_NAME;
  const values: CommandVars = {
    username,
    displayName: sanitizeCommandValue(vars.displayName) || username,
    target: sanitizeCommandValue(vars.target),
    actionName: stripControlCharacters(vars.actionName),
  };
  return template.replace(PLACEHOLDER, (_match, name: keyof CommandVars) => values[name]);
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
