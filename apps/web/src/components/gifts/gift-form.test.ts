import { describe, expect, it } from 'vitest';
import { emptyGift, giftFormErrors, giftRequest, giveLabel } from './gift-form';

describe('gift form', () => {
  it('asks for a recipient and at least one coin', () => {
    expect(giftFormErrors(emptyGift(), 50)).toEqual({
      toUsername: 'Recipient is required',
      coins: 'You can give at least 1 coin',
    });
  });

  it('refuses more than the balance before asking the server', () => {
    expect(giftFormErrors({ toUsername: 'bob', coins: 60, message: '' }, 50)).toEqual({
      coins: 'Insufficient Coins: you have 50 coins',
    });
    expect(giftFormErrors({ toUsername: 'bob', coins: 50, message: '' }, 50)).toEqual({});
  });

  it('checks the message as the server does', () => {
    expect(giftFormErrors({ toUsername: 'bob', coins: 1, message: 'x'.repeat(201) }, 5).message).toBe(
      'The message must be at most 200 characters',
    );
    expect(giftFormErrors({ toUsername: 'bob', coins: 1, message: `  ${'x'.repeat(200)}  ` }, 5)).toEqual({});
  });

  it('sends trimmed values, no message as null, and the dialog’s requestId', () => {
    expect(giftRequest({ toUsername: ' bob ', coins: '12', message: '  ' }, 'req-12345678')).toEqual({
      toUsername: 'bob',
      coins: 12,
      message: null,
      requestId: 'req-12345678',
    });
  });

  it('names what the button does', () => {
    expect(giveLabel({ toUsername: 'bob', coins: 100, message: '' })).toBe('Give 100 coins to bob');
    expect(giveLabel({ toUsername: '', coins: 1, message: '' })).toBe('Give 1 coin');
    expect(giveLabel(emptyGift('bob'))).toBe('Give coins');
  });
});
