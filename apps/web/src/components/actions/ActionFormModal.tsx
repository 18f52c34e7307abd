import {
  Button,
  Grid,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  FALLBACK_CATEGORY_NAMES,
  GAME_TYPES,
  MAX_APPROVAL_TIMEOUT_SECONDS,
  MAX_COOLDOWN_SECONDS,
  MAX_GAP_SECONDS,
  MAX_QUEUE_GROUP_LENGTH,
  MIN_APPROVAL_TIMEOUT_SECONDS,
  type TGameType,
  type TStreamAction,
} from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import {
  type ActionFormValues,
  actionFormValues,
  actionPayload,
  changedActionFields,
  validateActionForm,
} from './action-form';
import { DeliveryPreview } from './DeliveryPreview';
import { EconomyFields } from './EconomyFields';
import { GAME_LABELS } from './game-labels';
import { PlaceholderHelp } from './PlaceholderHelp';
import { TimedEffectFields } from './TimedEffectFields';

const GAME_TYPE_OPTIONS = GAME_TYPES.map((value) => ({
  value,
  label: value === 'any' ? 'Universal (any game)' : GAME_LABELS[value],
}));

interface Props {
  opened: boolean;
  onClose: () => void;
  /** A new action's game, from the dashboard tab the dialog was opened from; the form may change it. */
  gameType: TGameType;
  /** The action being edited; null or absent creates a new one. Remount (key) when it changes. */
  action?: TStreamAction | null;
  /** What per-stream limits count now, from the action list; the edited action's own answer wins. */
  limitWindow?: TStreamAction['limitWindow'];
}

/** 'Create New Action' / 'Edit Action' (admin-spec sections 2 and 5). */
export function ActionFormModal({ opened, onClose, gameType, action = null, limitWindow = 'stream' }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const categories = useQuery(trpc.categories.list.queryOptions());
  const form = useForm<ActionFormValues>({
    initialValues: actionFormValues(action, gameType),
    validate: validateActionForm,
  });

  const done = async (title: string) => {
    notify.success(title, '');
    form.reset();
    onClose();
    // Both the admin list and the shop's public list show actions.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.actions.listAll.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey() }),
    ]);
  };
  const create = useMutation(
    trpc.actions.create.mutationOptions({
      onSuccess: () => done('Action created'),
      onError: (err) => notify.error('Failed to create action', errorMessage(err)),
    }),
  );
  const update = useMutation(
    trpc.actions.update.mutationOptions({
      onSuccess: () => done('Action updated'),
      onError: (err) => notify.error('Failed to update action', errorMessage(err)),
    }),
  );

  const submit = form.onSubmit((values) => {
    const payload = actionPayload(values);
    if (!action) {
      create.mutate(payload);
      return;
    }
    const changes = changedActionFields(action, payload);
    if (Object.keys(changes).length === 0) {
      notify.error('No changes detected', 'Make some changes first before saving the action.');
      return;
    }
    update.mutate({ id: action.id, ...changes });
  });

  // Active categories, plus the edited action's own one even if it has since been switched off.
  // With no category at all, the four fallbacks of admin-spec section 9 (created on first use).
  const activeNames = (categories.data ?? []).filter((c) => c.active).map((c) => c.name);
  const noCategories = categories.isSuccess && categories.data.length === 0;
  const categoryNames = [
    ...new Set([
      ...(noCategories ? FALLBACK_CATEGORY_NAMES : activeNames),
      ...(action?.category ? [action.category] : []),
    ]),
  ];
  const saving = create.isPending || update.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={action ? 'Edit Action' : 'Create New Action'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <Textarea label="Description" withAsterisk autosize minRows={2} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Cost"
              withAsterisk
              min={1}
              step={10}
              allowDecimal={false}
              {...form.getInputProps('cost')}
            />
            <Select
              label="Category"
              placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
              data={categoryNames}
              clearable
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('category')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Game Type"
              description="Universal actions go to every game's endpoints"
              data={GAME_TYPE_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('gameType')}
              onChange={(value) => {
                if (!value) return;
                form.setFieldValue('gameType', value as TGameType);
                // Only Rust actions may target one player: a hidden 'individual' would block saving.
                if (value !== 'rust') form.setFieldValue('targetType', 'global');
              }}
            />
            {form.values.gameType === 'rust' && (
              <Select
                label="Target Type"
                description="Individual actions ask the viewer to pick an online player"
                data={[
                  { value: 'global', label: 'Global' },
                  { value: 'individual', label: 'Individual' },
                ]}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('targetType')}
              />
            )}
          </SimpleGrid>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <Textarea
                label="Webhook Action"
                description="The command sent to the game server, e.g. give_item_456 or key=value&key2=value2"
                withAsterisk
                autosize
                minRows={3}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps('webhookAction')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <PlaceholderHelp targetAllowed={form.values.targetType === 'individual'} />
            </Grid.Col>
          </Grid>
          <TextInput label="Image URL" description="Optional" type="url" {...form.getInputProps('imageUrl')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Cooldown (seconds)"
              description="Nobody can trigger it again until this passes; 0 for none"
              min={0}
              max={MAX_COOLDOWN_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('cooldownSeconds')}
            />
            <NumberInput
              label="Per-viewer cooldown (seconds)"
              description="The same viewer must wait this long; 0 for none"
              min={0}
              max={MAX_COOLDOWN_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('userCooldownSeconds')}
            />
          </SimpleGrid>
          <Switch
            label="Requires approval"
            description="Each trigger waits in the Queue until you approve it; no decision in time refunds the viewer"
            {...form.getInputProps('requiresApproval', { type: 'checkbox' })}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              form.setFieldValue('requiresApproval', on);
              // The timeout box hides with approval off: an unsaved edit there must not block saving.
              if (!on) form.setFieldValue('approvalTimeoutSeconds', form.getInitialValues().approvalTimeoutSeconds);
            }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {form.values.requiresApproval && (
              <NumberInput
                label="Approval timeout (seconds)"
                description="Not approved in this time: the trigger expires and the coins go back"
                min={MIN_APPROVAL_TIMEOUT_SECONDS}
                max={MAX_APPROVAL_TIMEOUT_SECONDS}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('approvalTimeoutSeconds')}
              />
            )}
            <TextInput
              label="Queue group"
              description="Actions sharing a group are sent one at a time, in order; empty for none"
              placeholder="e.g. spawns"
              maxLength={MAX_QUEUE_GROUP_LENGTH}
              {...form.getInputProps('queueGroup')}
            />
            <NumberInput
              label="Gap between triggers (seconds)"
              description="Pause after each trigger before the next one in its line is sent; 0 for none"
              min={0}
              max={MAX_GAP_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('gapSeconds')}
            />
          </SimpleGrid>
          <TimedEffectFields form={form} />
          <EconomyFields form={form} limitWindow={action?.limitWindow ?? limitWindow} />
          <Switch
            label="Active"
            description="Inactive actions are hidden from the shop and cannot be triggered"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <DeliveryPreview gameType={form.values.gameType} targetType={form.values.targetType} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {action ? 'Save Changes' : 'Save Action'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
