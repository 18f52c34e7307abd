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
    expect(command).not.toMatch(/[\r\n]/);
    expect(renderCommand('give {username} diamond', { ...vars, username: 'x\r\nstop\u0000' })).toBe(
      'give xstop diamond',
    );
    expect(renderCommand('say {displayName}', { ...vars, displayName: 'a\u2028op b' })).toBe('say aop b');
  });

  it('leaves unknown placeholders as they are', () => {
    expect(renderCommand('give {username} {item} {amount}', vars)).toBe('give alice_tv {item} {amount}');
  });

  it('does not expand placeholders that come from a value', () => {
    expect(renderCommand('say {displayName}', { ...vars, displayName: '{target}', target: '765' })).toBe(
      'say {target}',
    );
  });

  it('renders a global Rust action with an empty target', () => {
    expect(renderCommand('weather.rain 1{target}', vars)).toBe('weather.rain 1');
  });

  it('keeps ordinary characters in values', () => {
    expect(sanitizeCommandValue('Zoë "the" Builder')).toBe('Zoë "the" Builder');
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
