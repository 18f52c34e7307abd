import { describe, expect, it } from 'vitest';
import { parseQueryStyleAction, renderCommand, sanitizeCommandValue } from './command-template';

const vars = { username: 'alice_tv', displayName: 'Alice', target: '', actionName: 'Wood pack' };

describe('renderCommand', () => {
  it('fills the Rust target with the chosen Steam id', () => {
    expect(renderCommand('inventory.giveto {target} wood 1000', { ...vars, target: '76561198000000000' })).toBe(
      'inventory.giveto 76561198000000000 wood 1000',
    );
  });

  it('fills every known placeholder, also more than once', () => {
    expect(renderCommand('say {displayName} ({username}) bought {actionName}; thanks {username}', vars)).toBe(
      'say Alice (alice_tv) bought Wood pack; thanks alice_tv',
    );
  });

  it('cannot be made to run a second console command', () => {
    const command = renderCommand('say {username} bought a creeper', { ...vars, username: 'bob\nquit' });
    expect(command).toBe('say bobquit bought a creeper');
    expect(renderCommand('give {username} diamond', { ...vars, username: 'x\r\nstop\u0000' })).toBe(
      'give xstop diamond',
    );
    expect(renderCommand('say {displayName}', { ...vars, displayName: 'a\u2028op b' })).toBe('say aopb');
    expect(renderCommand('say {displayName}', { ...vars, displayName: 'a\u0085op\u2029b' })).toBe('say aopb');
  });

  it('keeps a selector, a second command and quotes in a display name from reaching the console', () => {
    // The example from the issue: as a display name this ran 'op alice' on the server.
    const command = renderCommand('give {displayName} diamond 1', {
      ...vars,
      displayName: '@e[type=player] ; op alice "',
    });
    expect(command).toBe('give etypeplayeropalice diamond 1');
    expect(renderCommand('say {displayName} joined', { ...vars, displayName: '"}]; /stop \\ §4red' })).toBe(
      'say stop4red joined',
    );
    expect(renderCommand('inventory.giveto {target} wood 1000', { ...vars, target: '7656 1198; kick all' })).toBe(
      'inventory.giveto 76561198kickall wood 1000',
    );
  });

  it('keeps letters, digits and _ . - of every script, and nothing else', () => {
    expect(sanitizeCommandValue('alice_tv.2-x')).toBe('alice_tv.2-x');
    expect(sanitizeCommandValue('Zoë "the" Builder')).toBe('ZoëtheBuilder');
    expect(sanitizeCommandValue('小明 🎮')).toBe('小明');
    expect(sanitizeCommandValue('हिन्दी')).toBe('हिन्दी');
    // Fullwidth forms become their ASCII letters; a fullwidth '＠' becomes '@' and is then removed.
    expect(sanitizeCommandValue('Ａｌｉｃｅ＠')).toBe('Alice');
    // A decomposed 'é' (e + combining acute) is composed, not split.
    expect(sanitizeCommandValue('Zoe\u0301')).toBe('Zoé');
    // Bidi overrides and zero-width characters are formatting, not letters.
    expect(sanitizeCommandValue('ad\u202emin\u200b')).toBe('admin');
  });

  it('falls back when a name keeps nothing, so the arguments do not shift', () => {
    expect(renderCommand('give {username} diamond 1', { ...vars, username: '@@@' })).toBe('give viewer diamond 1');
    expect(renderCommand('say {displayName} bought it', { ...vars, displayName: '"; "' })).toBe(
      'say alice_tv bought it',
    );
    expect(renderCommand('say {displayName}', { ...vars, username: '', displayName: '' })).toBe('say viewer');
  });

  it("keeps the admin's action name as written, without control characters", () => {
    expect(renderCommand('say {username} bought {actionName}', { ...vars, actionName: 'Wood pack (x2)!\nstop' })).toBe(
      'say alice_tv bought Wood pack (x2)!stop',
    );
  });

  it('leaves unknown placeholders as they are', () => {
    expect(renderCommand('give {username} {item} {amount}', vars)).toBe('give alice_tv {item} {amount}');
  });

  it('does not expand placeholders that come from a value', () => {
    expect(renderCommand('say {actionName}', { ...vars, actionName: '{target} pack', target: '765' })).toBe(
      'say {target} pack',
    );
    expect(renderCommand('say {displayName}', { ...vars, displayName: '{target}', target: '765' })).toBe('say target');
  });

  it('renders a global Rust action with an empty target', () => {
    expect(renderCommand('weather.rain 1{target}', vars)).toBe('weather.rain 1');
  });
});

describe('parseQueryStyleAction', () => {
  it('parses a query-style action into fields', () => {
    expect(parseQueryStyleAction('sound=airhorn&volume=80')).toEqual({ sound: 'airhorn', volume: '80' });
    expect(parseQueryStyleAction('text=hello%20chat&emote=%3AD')).toEqual({ text: 'hello chat', emote: ':D' });
  });

  it('returns null for plain commands', () => {
    expect(parseQueryStyleAction('give_item_456')).toBeNull();
    expect(parseQueryStyleAction('say hi there')).toBeNull();
    expect(parseQueryStyleAction('say x=1')).toBeNull();
    expect(parseQueryStyleAction('inventory.giveto {target} wood 1000')).toBeNull();
  });
});
