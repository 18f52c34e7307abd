import { allowedDecisions, TRIGGER_STATES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { BULK_DECISIONS, bulkSummary, DECISION_UI, decisionDone, decisionFailed, stopAllDone } from './decisions';
import { queueItem } from './queue-fixtures';

describe('decision wording', () => {
  it('has a button for every decision any state allows', () => {
    for (const state of TRIGGER_STATES) {
      for (const decision of allowedDecisions(state)) expect(DECISION_UI[decision].label).toBeTruthy();
    }
    expect(BULK_DECISIONS).toEqual(['reject', 'skip']);
  });

  it('names the trigger, the viewer and the coins that went back', () => {
    const item = queueItem({ historyId: 1, actionName: 'Spawn Bear', displayName: 'Bob', cost: 1250 });
    expect(decisionDone('reject', item)).toEqual({
      title: 'Rejected',
      message: 'Spawn Bear: Bob got 1,250 coins back.',
    });
    expect(decisionDone('approve', { ...item, displayName: null, username: 'bob' }).message).toBe(
      'Spawn Bear for bob is in line to be sent.',
    );
    expect(decisionDone('front', item).title).toBe('Moved to the front');
    expect(decisionDone('stop', item)).toEqual({
      title: 'Stopping',
      message: 'Spawn Bear for Bob: its stop command is on its way.',
    });
  });

  it("offers 'Stop now' on a running effect, and counts what 'Stop all running' stopped", () => {
    expect(allowedDecisions('running').map((d) => DECISION_UI[d].label)).toEqual(['Stop now']);
    expect(stopAllDone(2).title).toBe('Stopped 2 effects');
    expect(stopAllDone(1).title).toBe('Stopped 1 effect');
    expect(stopAllDone(0).title).toBe('Nothing to stop');
  });

  it('says a 409 means the trigger moved on, and passes other errors through', () => {
    expect(decisionFailed('approve', 409, '409: This trigger cannot be approved: it is expired')).toEqual({
      title: 'Could not approve',
      message: '409: This trigger cannot be approved: it is expired. The list now shows where it stands.',
    });
    expect(decisionFailed('front', 500, '500: boom')).toEqual({
      title: 'Could not move to the front',
      message: '500: boom',
    });
  });
});

describe('bulkSummary', () => {
  it('is a success only when every trigger was decided', () => {
    expect(bulkSummary('reject', 3, [])).toEqual({
      kind: 'success',
      title: 'Rejected 3 triggers',
      message: 'Their coins went back to the viewers.',
    });
  });

  it('is a warning for a partial result, saying why the rest failed', () => {
    expect(bulkSummary('skip', 2, ['409: it is delivered', '409: it is sending'])).toEqual({
      kind: 'warning',
      title: 'Skipped 2 of 4 triggers',
      message: '2 triggers could not be: 409: it is delivered (and 1 more)',
    });
  });

  it('is an error when none was decided', () => {
    expect(bulkSummary('reject', 0, ['Network error'])).toEqual({
      kind: 'error',
      title: 'Could not reject 1 trigger',
      message: 'Network error',
    });
  });
});
