import type { TQueueDecision, TQueueItem } from '@shop/domain';

/** Inputs whose keys are not typing: a checkbox that has focus still lets 'a' and 'r' through. */
const NOT_TYPING_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Whether a key pressed here is text being typed (an input, a text area, a select, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPING_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  defaultPrevented: boolean;
  /** Whether the key went to a text field (isTypingTarget). */
  typing: boolean;
}

/**
 * The decision a key asks for: 'a' approves, 'r' rejects. Not while typing, not with a modifier
 * (Ctrl+R reloads the page), and not a held-down key's repeats, which would decide one trigger after another.
 */
export function shortcutDecision(press: KeyPress): Extract<TQueueDecision, 'approve' | 'reject'> | null {
  if (press.typing || press.ctrlKey || press.metaKey || press.altKey || press.repeat || press.defaultPrevented) {
    return null;
  }
  const key = press.key.toLowerCase();
  if (key === 'a') return 'approve';
  if (key === 'r') return 'reject';
  return null;
}

/** The trigger the shortcuts decide: the oldest one awaiting approval that no decision is already on its way for. */
export function approvalTarget(items: readonly TQueueItem[], busy: ReadonlySet<number>): TQueueItem | null {
  let oldest: TQueueItem | null = null;
  for (const item of items) {
    if (item.state !== 'awaiting_approval' || busy.has(item.historyId)) continue;
    if (
      !oldest ||
      Date.parse(item.enqueuedAt) < Date.parse(oldest.enqueuedAt) ||
      (item.enqueuedAt === oldest.enqueuedAt && item.historyId < oldest.historyId)
    ) {
      oldest = item;
    }
  }
  return oldest;
}
