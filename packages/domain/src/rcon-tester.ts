import { z } from 'zod';
import { isIpLiteral } from './network';

/** admin-spec section 9: the tester's default ports. */
export const RUST_WEBRCON_DEFAULT_PORT = 28016;
export const MINECRAFT_RCON_DEFAULT_PORT = 25575;
/** Every tester connection (and the name lookup before it) gives up after this long. */
export const RCON_TESTER_TIMEOUT_MS = 5000;
/** The longest reply text sent back to the page. */
export const RCON_TESTER_MAX_REPLY_CHARS = 4000;
/** Minecraft reads at most 1446 bytes of command per packet. */
const MINECRAFT_MAX_COMMAND_BYTES = 1446;
const COMMAND_MAX = 1000;

export const RCON_TESTER_MSG = {
  hostRequired: 'Host is required',
  hostInvalid: 'Host must be a host name or an IP address, without rcon://, a path or a port',
  portRequired: 'Port is required',
  portInteger: 'Port must be a whole number',
  portRange: 'Port must be between 1 and 65535',
  passwordRequired: 'Password is required',
  commandRequired: 'Command is required',
  commandMax: `Command must be at most ${COMMAND_MAX} characters`,
  commandBytes: `Command must be at most ${MINECRAFT_MAX_COMMAND_BYTES} bytes for Minecraft RCON`,
  // Without encoding the password is the URL path as typed: these characters would end the path or vanish.
  passwordNeedsEncoding: "This password contains #, ?, \\ or a control character: turn on 'URL encode password'",
} as const;

const HOST_LABEL = /^[a-zA-Z0-9_]([a-zA-Z0-9_-]{0,61}[a-zA-Z0-9_])?$/;

/** A DNS name (labels of letters, digits, '-' and '_') or an IP literal (IPv6 with or without brackets). */
export function isValidHost(host: string): boolean {
  if (isIpLiteral(host)) return true;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => HOST_LABEL.test(label));
}

const ZHost = z
  .string({ error: RCON_TESTER_MSG.hostRequired })
  .trim()
  .min(1, RCON_TESTER_MSG.hostRequired)
  .max(255, RCON_TESTER_MSG.hostInvalid)
  .refine(isValidHost, RCON_TESTER_MSG.hostInvalid)
  // '[::1]' and '::1' are the same host; the transports want it bare.
  .transform((host) => host.replace(/^\[(.*)\]$/, '$1'));

/**
 * admin-spec section 5: the port is parsed as an integer. A number or a string of digits (a form field, a
 * query string) is accepted; '25575.5', '12abc' and '' are refused with a message, never silently cut.
 */
const ZPort = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({
      error: (issue) => (issue.input == null ? RCON_TESTER_MSG.portRequired : RCON_TESTER_MSG.portInteger),
    })
    .int(RCON_TESTER_MSG.portInteger)
    .min(1, RCON_TESTER_MSG.portRange)
    .max(65535, RCON_TESTER_MSG.portRange),
);

const ZPassword = z
  .string({ error: RCON_TESTER_MSG.passwordRequired })
  .min(1, RCON_TESTER_MSG.passwordRequired)
  .max(500, 'Password must be at most 500 characters');

const ZCommand = z
  .string({ error: RCON_TESTER_MSG.commandRequired })
  .trim()
  .min(1, RCON_TESTER_MSG.commandRequired)
  .max(COMMAND_MAX, RCON_TESTER_MSG.commandMax);

/** The characters a WebRcon password cannot carry unencoded in the URL path. */
export function passwordNeedsEncoding(password: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  return /[#?\\\u0000-\u001f\u007f]/.test(password);
}

/** POST /api/debug/test-rust-command */
export const ZRustCommandTest = z
  .object({
    host: ZHost,
    port: ZPort,
    password: ZPassword,
    command: ZCommand,
    /** admin-spec section 2: 'URL encode password', on by default. */
    encodePassword: z.boolean({ error: 'encodePassword must be true or false' }).default(true),
  })
  .superRefine((value, ctx) => {
    if (!value.encodePassword && passwordNeedsEncoding(value.password)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: RCON_TESTER_MSG.passwordNeedsEncoding });
    }
  });
export type TRustCommandTest = z.input<typeof ZRustCommandTest>;

/** POST /api/debug/test-minecraft-command */
export const ZMinecraftCommandTest = z.object({
  host: ZHost,
  port: ZPort,
  password: ZPassword,
  command: ZCommand.refine(
    (command) => new TextEncoder().encode(command).length <= MINECRAFT_MAX_COMMAND_BYTES,
    RCON_TESTER_MSG.commandBytes,
  ),
});
export type TMinecraftCommandTest = z.input<typeof ZMinecraftCommandTest>;

/**
 * admin-spec section 3: the RCON test result. A server that was reached (or could not be) answers 200 with
 * success false and the reason in `error`; `message` is the server's raw reply on success.
 */
export const ZRconTestResult = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  message: z.string(),
});
export type TRconTestResult = z.infer<typeof ZRconTestResult>;

export interface TCommonCommand {
  command: string;
  description: string;
}

/** admin-spec section 2: 'Lists of common commands are shown'. Clicking one puts it in the command field. */
export const RUST_COMMON_COMMANDS: readonly TCommonCommand[] = [
  { command: 'status', description: 'Server status and connected players' },
  { command: 'serverinfo', description: 'Server details as JSON' },
  { command: 'global.playerlist', description: 'Players as JSON (SteamID, DisplayName)' },
  { command: 'say Hello from the shop', description: 'Message to everyone in chat' },
  { command: 'inventory.giveto PLAYER wood 100', description: 'Give an item to a player' },
  { command: 'env.time 12', description: 'Set the time of day to noon' },
  { command: 'server.save', description: 'Save the world' },
];

export const MINECRAFT_COMMON_COMMANDS: readonly TCommonCommand[] = [
  { command: 'list', description: 'Players online' },
  { command: 'say Hello from the shop', description: 'Message to everyone in chat' },
  { command: 'give PLAYER minecraft:diamond 1', description: 'Give an item to a player' },
  { command: 'time set day', description: 'Set the time to day' },
  { command: 'weather clear', description: 'Clear the weather' },
  { command: 'seed', description: 'Show the world seed' },
  { command: 'save-all', description: 'Save the world' },
];
