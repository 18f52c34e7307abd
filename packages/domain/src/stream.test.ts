import { describe, expect, it } from 'vitest';
import { streamGameType } from './stream';

describe('streamGameType', () => {
  it('maps Twitch game names to the shop game tabs', () => {
    expect(streamGameType('Minecraft')).toBe('minecraft');
    expect(streamGameType('Rust')).toBe('rust');
    expect(streamGameType('Just Chatting')).toBe('any');
    expect(streamGameType(null)).toBe('any');
  });
});
