import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { SecretBox } from './secret-box';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('SecretBox', () => {
  const key = 'ab'.repeat(32);

  it('round-trips a value, never stores it in the clear, and differs each time', () => {
    const box = new SecretBox({ secretsKeyHex: key, dataDir: '/nonexistent' }, true);
    const a = box.seal('twitch-token-123');
    const b = box.seal('twitch-token-123');
    expect(a).not.toContain('twitch-token-123');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('twitch-token-123');
  });

  it('refuses a value sealed with another key or altered', () => {
    const sealed = new SecretBox({ secretsKeyHex: key, dataDir: '/x' }, true).seal('value');
    expect(() => new SecretBox({ secretsKeyHex: 'cd'.repeat(32), dataDir: '/x' }, true).open(sealed)).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}=`;
    expect(() => new SecretBox({ secretsKeyHex: key, dataDir: '/x' }, true).open(altered)).toThrow();
  });

  it('outside production without SECRETS_KEY makes one key file in DATA_DIR and reuses it', () => {
    const dataDir = join(tempDir(), 'data');
    const sealed = new SecretBox({ secretsKeyHex: null, dataDir }, false).seal('kept');
    const file = join(dataDir, 'secrets.key');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(new SecretBox({ secretsKeyHex: null, dataDir }, false).open(sealed)).toBe('kept');
  });

  it('in production without SECRETS_KEY says why and refuses with 503', () => {
    const box = new SecretBox({ secretsKeyHex: null, dataDir: tempDir() }, true);
    expect(box.unavailableReason()).toContain('SECRETS_KEY');
    expect(() => box.seal('x')).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }));
  });
});

describe('earning settings from the environment', () => {
  it('has the documented defaults', () => {
    const { earning } = loadConfig({});
    expect(earning.minuteMs).toBe(60_000);
    expect(earning.autoStart).toBe(true);
    expect(earning.streamerbot).toEqual({
      envSecret: null,
      rewardTitle: null,
      conversionRate: 0.1,
      minimumPoints: 100,
      maxCoinsPerRedemption: 1000,
    });
    expect(earning.secretsKeyHex).toBeNull();
  });

  it('reads SECRETS_KEY as hex or base64 of 32 bytes, and refuses anything else', () => {
    const hex = '0123456789abcdef'.repeat(4);
    expect(loadConfig({ SECRETS_KEY: hex.toUpperCase() }).earning.secretsKeyHex).toBe(hex);
    expect(loadConfig({ SECRETS_KEY: Buffer.from(hex, 'hex').toString('base64') }).earning.secretsKeyHex).toBe(hex);
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow('SECRETS_KEY');
  });

  it('reads the Streamer.bot settings; blank values mean unset', () => {
    const { earning } = loadConfig({
      STREAMERBOT_WEBHOOK_SECRET: 'a-long-enough-secret',
      STREAMERBOT_REWARD_TITLE: ' Shop Coins ',
      STREAMERBOT_CONVERSION_RATE: '0.25',
      STREAMERBOT_MIN_POINTS: '50',
      STREAMERBOT_MAX_COINS: '200',
      WATCH_TIME_MINUTE_MS: '1000',
    });
    expect(earning.streamerbot).toEqual({
      envSecret: 'a-long-enough-secret',
      rewardTitle: 'Shop Coins',
      conversionRate: 0.25,
      minimumPoints: 50,
      maxCoinsPerRedemption: 200,
    });
    expect(earning.minuteMs).toBe(1000);
    expect(loadConfig({ STREAMERBOT_REWARD_TITLE: '  ' }).earning.streamerbot.rewardTitle).toBeNull();
    expect(() => loadConfig({ STREAMERBOT_WEBHOOK_SECRET: 'short' })).toThrow('STREAMERBOT_WEBHOOK_SECRET');
  });
});
