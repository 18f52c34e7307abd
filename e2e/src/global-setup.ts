import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTikTokStandIn, startTwitchStandIn, startYouTubeFeedStandIn } from '@shop/api/testing';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { freePort, waitForHealth } from './own-server';

const root = resolve(import.meta.dirname, '../..');
export const ADMIN = { username: 'admin', password: 'admin-pass-123' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    admin: { username: string; password: string };
    /** POST {live, game, ...} here to switch the Twitch stand-in (see apps/api/test/stand-ins/twitch-server.ts). */
    twitchControlURL: string;
  }
}

/** Starts the built shop, exactly as `pnpm start` runs it, on a throw-away SQLite database. */
export default async function setup(project: TestProject) {
  const server = join(root, 'apps/api/dist/server.js');
  const web = join(root, 'apps/web/dist/index.html');
  for (const file of [server, web]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run pnpm build first (pnpm test does)`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  // The outside services the shop reads (stream status, videos) as stand-ins on 127.0.0.1.
  const twitch = await startTwitchStandIn();
  const youtube = await startYouTubeFeedStandIn();
  const tiktok = await startTikTokStandIn();
  let log = '';
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'shop.sqlite')}`,
      SEED_DEMO_DATA: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every browser test signs up and signs in its own people from 127.0.0.1.
      REGISTER_LIMIT_PER_MINUTE: '1000',
      LOGIN_LIMIT_PER_MINUTE: '1000',
      // Watch-time rewards: a 'minute' of half a second, so a 1-minute interval pays within the test.
      WATCH_TIME_MINUTE_MS: '500',
      TWITCH_CHANNEL: twitch.channel,
      TWITCH_CLIENT_ID: twitch.clientId,
      TWITCH_CLIENT_SECRET: twitch.clientSecret,
      TWITCH_API_BASE: twitch.apiBase,
      TWITCH_AUTH_BASE: twitch.authBase,
      YOUTUBE_CHANNEL_ID: youtube.channelId,
      YOUTUBE_FEED_BASE: youtube.feedBase,
      TIKTOK_ACCESS_TOKEN: tiktok.accessToken,
      TIKTOK_API_BASE: tiktok.apiBase,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, () => log);
  project.provide('baseURL', baseURL);
  project.provide('admin', ADMIN);
  project.provide('twitchControlURL', `${twitch.baseUrl}/__control`);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await Promise.all([twitch.close(), youtube.close(), tiktok.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    if (child.exitCode && child.exitCode !== 0 && process.env.E2E_SERVER_LOG) console.log(log);
  };
}
