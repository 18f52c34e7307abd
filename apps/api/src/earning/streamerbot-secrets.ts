import { randomBytes } from 'node:crypto';
import { type Db, ensureAppSecret, getAppSecret, putAppSecret } from '@shop/db';
import { AppError } from '@shop/domain';
import type { EarningConfig } from '../env';
import type { SecretBox } from '../security/secret-box';

const SECRET_NAME = 'streamerbot_secret';
const PATH_NAME = 'streamerbot_path';
export const STREAMERBOT_WEBHOOK_PREFIX = '/api/streamerbot/';
export const ENV_SECRET_WINS =
  'STREAMERBOT_WEBHOOK_SECRET is set in the environment and is used instead: change it there, or unset it to generate one here.';

export interface ActiveSecret {
  secret: string;
  source: 'environment' | 'generated';
}

/**
 * The Streamer.bot secret (the environment's wins; otherwise one generated here, stored encrypted since
 * the HMAC needs the secret itself) and the unguessable path segment of the webhook, made once and
 * kept in the database so it survives restarts and every process agrees on it.
 */
export class StreamerbotSecrets {
  constructor(
    private readonly db: Db,
    private readonly config: EarningConfig,
    private readonly box: SecretBox,
    private readonly now: () => number,
  ) {}

  /**
   * The secret in force, read fresh so a regeneration takes effect at once in every process. A stored
   * secret this key cannot open (SECRETS_KEY changed, or missing in production) counts as none: the
   * webhook answers 503 and the tab offers to generate a new one.
   */
  async active(): Promise<ActiveSecret | null> {
    if (this.config.streamerbot.envSecret) return { secret: this.config.streamerbot.envSecret, source: 'environment' };
    const sealed = await getAppSecret(this.db.kysely, SECRET_NAME);
    if (!sealed) return null;
    try {
      return { secret: this.box.open(sealed), source: 'generated' };
    } catch {
      return null;
    }
  }

  /** A new secret (64 hex), stored encrypted; the old one stops working at once. */
  async regenerate(): Promise<string> {
    if (this.config.streamerbot.envSecret) throw new AppError('CONFLICT', ENV_SECRET_WINS);
    const reason = this.box.unavailableReason();
    if (reason) throw new AppError('SERVICE_UNAVAILABLE', reason);
    const secret = randomBytes(32).toString('hex');
    await putAppSecret(this.db.kysely, SECRET_NAME, this.box.seal(secret), this.now());
    return secret;
  }

  /** The webhook's secret path segment (48 hex), created on first use. */
  pathSegment(): Promise<string> {
    return ensureAppSecret(this.db.kysely, PATH_NAME, randomBytes(24).toString('hex'), this.now());
  }

  async webhookPath(): Promise<string> {
    return `${STREAMERBOT_WEBHOOK_PREFIX}${await this.pathSegment()}`;
  }
}
