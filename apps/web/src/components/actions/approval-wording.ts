/** Shown on the card and in the confirm dialog of an action the streamer approves by hand. */
export const NEEDS_APPROVAL = "Needs the streamer's approval";

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A timeout as a person says it: '45 seconds', '2 minutes', '1 hour', '1 minute 30 seconds'.
 * Approval timeouts are 10 s to an hour, so no larger units.
 */
export function durationWords(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return unit(seconds, 'second');
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}

/** What the viewer agrees to before paying for an action that waits for approval. */
export function approvalTerms(timeoutSeconds: number): string {
  return `The coins are charged now and given back if the streamer rejects it or does not decide within ${durationWords(timeoutSeconds)}.`;
}
