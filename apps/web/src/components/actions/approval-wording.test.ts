import { describe, expect, it } from 'vitest';
import { approvalTerms, durationWords } from './approval-wording';

describe('durationWords', () => {
  it('says seconds under a minute', () => {
    expect(durationWords(45)).toBe('45 seconds');
    expect(durationWords(10)).toBe('10 seconds');
    expect(durationWords(1)).toBe('1 second');
  });

  it('says whole minutes and hours without a remainder', () => {
    expect(durationWords(60)).toBe('1 minute');
    expect(durationWords(120)).toBe('2 minutes');
    expect(durationWords(3600)).toBe('1 hour');
  });

  it('keeps the seconds of a timeout that is not whole minutes', () => {
    expect(durationWords(90)).toBe('1 minute 30 seconds');
    expect(durationWords(3599)).toBe('59 minutes 59 seconds');
  });
});

describe('approvalTerms', () => {
  it('names the refund and the timeout', () => {
    expect(approvalTerms(120)).toBe(
      'The coins are charged now and given back if the streamer rejects it or does not decide within 2 minutes.',
    );
  });
});
