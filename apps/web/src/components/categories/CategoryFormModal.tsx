import { Button, ColorInput, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DEFAULT_CATEGORY_COLOR, type TCategory, ZCategoryInput } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';

interface Values {
  name: string;
  description: string;
  color: string;
  active: boolean;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The category being edited; null adds a new one. Remount (key) when it changes. */
  category: TCategory | null;
}

/** A few distinct colours to pick from; any hex colour can still be typed or picked. */
const SWATCHES = [DEFAULT_CATEGORY_COLOR, '#E03131', '#F08C00', '#2F9E44', '#1C7ED6', '#7048E8', '#AE3EC9', '#0CA678'];

/**
 * 'Add Category' / 'Edit Category' (admin-spec sections 2 and 4). The spec's dialogs did no client
 * validation; here the server's own schema checks the form first, so a bad colour or an empty name
 * is explained beside the field instead of coming back as a failed save.
 */
export function CategoryFormModal({ opened, onClose, category }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      color: category?.color ?? DEFAULT_CATEGORY_COLOR,
      active: category?.active ?? true,
    },
    validate: schemaResolver(ZCategoryInput, { sync: true }),
  });

  const done = async (title: string) => {
    notify.success(title, '');
    form.reset();
    onClose();
    // The action form and the shop's filters read the same list.
    await queryClient.invalidateQueries({ queryKey: trpc.categories.list.queryKey() });
  };
  const create = useMutation(
    trpc.categories.create.mutationOptions({
      onSuccess: () => done('Category Created'),
      onError: (err) => notify.error('Failed to Create Category', errorMessage(err)),
    }),
  );
  const update = useMutation(
    trpc.categories.update.mutationOptions({
      onSuccess: () => done('Category Updated'),
      onError: (err) => notify.error('Failed to Update Category', errorMessage(err)),
    }),
  );

  const submit = form.onSubmit((values) => {
    const fields = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      color: values.color,
      active: values.active,
    };
    if (category) update.mutate({ id: category.id, ...fields });
    else create.mutate(fields);
  });
  const saving = create.isPending || update.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={category ? 'Edit Category' : 'Add Category'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            description="Optional"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <ColorInput
            label="Color"
            format="hex"
            // Keep what was typed so a bad colour gets the schema's message instead of a silent revert.
            fixOnBlur={false}
            swatches={SWATCHES}
            swatchesPerRow={8}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('color')}
          />
          <Switch
            label="Active"
            description="Inactive categories are not offered in the action form"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {category ? 'Save Changes' : 'Create Category'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
