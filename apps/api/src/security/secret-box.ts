import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@shop/domain';
import type { EarningConfig } from '../env';

const VERSION = 'v1';
const KEY_FILE = 'secrets.key';
export const MISSING_KEY_MESSAGE =
  'SECRETS_KEY is not set: in production the shop stores Twitch tokens and the Streamer.bot secret only encrypted with that key';

/**
 * AES-256-GCM for values the shop must keep but never show (Twitch tokens, the Streamer.bot secret):
 * a leaked database alone does not give them away. The key comes from SECRETS_KEY; outside production,
 * when it is unset, a random key is made once and kept in DATA_DIR/secrets.key so a developer needs no
 * setup. Production without SECRETS_KEY refuses to store or read (503 with the reason).
 */
export class SecretBox {
  private key: Buffer | null = null;

  constructor(
    private readonly config: Pick<EarningConfig, 'secretsKeyHex' | 'dataDir'>,
    private readonly production: boolean,
  ) {}

  /** Why nothing can be sealed, or null when a key is (or can be) at hand. */
  unavailableReason(): string | null {
    return this.config.secretsKeyHex || !this.production ? null : MISSING_KEY_MESSAGE;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyOrThrow(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The plain value; throws when the value was sealed with another key or altered. */
  open(sealed: string): string {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) throw new Error('not a sealed value');
    const raw = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.keyOrThrow(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  private keyOrThrow(): Buffer {
    if (this.key) return this.key;
    if (this.config.secretsKeyHex) {
      this.key = Buffer.from(this.config.secretsKeyHex, 'hex');
    } else if (!this.production) {
      this.key = developmentKey(this.config.dataDir);
    } else {
      throw new AppError('SERVICE_UNAVAILABLE', MISSING_KEY_MESSAGE);
    }
    return this.key;
  }
}

/** The key file in DATA_DIR, made on first use (exclusive create, so two processes agree on one key). */
function developmentKey(dataDir: string): Buffer {
  const file = join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} does not hold a 64-hex-character key`);
  return Buffer.from(hex, 'hex');
}
