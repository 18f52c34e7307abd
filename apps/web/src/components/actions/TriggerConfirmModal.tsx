import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatNumber, priceChangedMessage, SELECT_PLAYER_MESSAGE } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc';
import { approvalTerms, NEEDS_APPROVAL } from './approval-wording';
import { PlayerSelect } from './PlayerSelect';
import type { ActionTrigger } from './use-action-trigger';

/** The confirm dialog of viewer-spec section 2; individual actions pick their target here. */
export function TriggerConfirmModal({ trigger }: { trigger: ActionTrigger }) {
  const { pending: action, targetSteamId, isSending, quotedCost, priceChanged } = trigger;
  const individual = action?.targetType === 'individual';
  const missingTarget = individual && !targetSteamId;
  const targetName = useTargetName(individual ? targetSteamId : null);
  // Mounted from its first opening on: a closed Modal still mounts its portal, transitions and ids,
  // work every page with actions paid while loading for a dialog most visits never open.
  const [everOpened, setEverOpened] = useState(false);
  if (action !== null && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  let confirmLabel = 'Confirm';
  if (missingTarget) confirmLabel = 'Select Player First';
  else if (priceChanged) confirmLabel = `Confirm at ${formatNumber(quotedCost)} coins`;

  return (
    <Modal opened={action !== null} onClose={trigger.close} title="Confirm Action" centered>
      {action && (
        <Stack>
          {priceChanged && (
            <Alert color="orange" variant="light" title={priceChangedMessage(quotedCost)} data-testid="price-changed">
              Demand moved the price since this dialog opened. Nothing was charged; confirm again to pay the new one.
            </Alert>
          )}
          <Text>
            Trigger <strong>{action.name}</strong> for <strong>{formatNumber(quotedCost)} coins</strong>?
          </Text>
          {action.requiresApproval && (
            <Alert color="grape" variant="light" title={NEEDS_APPROVAL} data-testid="approval-terms">
              {approvalTerms(action.approvalTimeoutSeconds)}
            </Alert>
          )}
          {individual && (
            <PlayerSelect value={targetSteamId} onChange={trigger.setTargetSteamId} disabled={isSending} />
          )}
          <Text size="sm" c="dimmed">
            Target: {individual ? (targetName ?? 'No player selected') : 'Everyone (global)'}
          </Text>
          {missingTarget && (
            <Text size="sm" c="red">
              {SELECT_PLAYER_MESSAGE}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={trigger.close} disabled={isSending}>
              Cancel
            </Button>
            <Button onClick={trigger.confirm} loading={isSending} disabled={missingTarget || isSending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The chosen player's name, read from the list PlayerSelect already loaded. */
function useTargetName(steamId: string | null): string | null {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  if (!steamId) return null;
  const players = queryClient.getQueryData(trpc.rust.players.queryKey());
  return players?.find((p) => p.steamId === steamId)?.username ?? steamId;
}
