import { Button } from '@mantine/core';
import { allowedDecisions, type TQueueDecision, type TQueueItem } from '@shop/domain';
import { DECISION_UI } from './decisions';
import classes from './queue.module.css';
import { viewerName } from './queue-order';

interface Props {
  item: TQueueItem;
  busy: boolean;
  onDecide: (decision: TQueueDecision, item: TQueueItem) => void;
}

/** Exactly the decisions the trigger's state allows (allowedDecisions); the server refuses any other with a 409. */
export function QueueDecisionButtons({ item, busy, onDecide }: Props) {
  const decisions = allowedDecisions(item.state);
  const who = viewerName(item);
  return (
    <div className={classes.actions}>
      {decisions.map((decision) => {
        const ui = DECISION_UI[decision];
        return (
          <Button
            key={decision}
            size="compact-xs"
            variant={decision === 'approve' ? 'filled' : 'light'}
            color={ui.color}
            disabled={busy}
            // The visible word first, so voice control finds it; the rest says which trigger.
            aria-label={`${ui.label} ${item.actionName} for ${who}`}
            onClick={() => onDecide(decision, item)}
          >
            {ui.label}
          </Button>
        );
      })}
    </div>
  );
}
