import { Button, Container, Stack } from '@mantine/core';
import type { TCategory } from '@shop/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../components/actions/ConfirmDeleteModal';
import { CategoryFormModal } from '../components/categories/CategoryFormModal';
import { CategoryList } from '../components/categories/CategoryList';
import { deleteCategoryMessage } from '../components/categories/delete-message';
import { AdminPageHeader } from '../components/layout/AdminPageHeader';
import { errorMessage } from '../lib/errors';
import { notify } from '../lib/notify';
import { useTRPC } from '../trpc';

/** null: no dialog; 'new': add; a category: edit that one. */
type Editing = null | 'new' | TCategory;

/** Category Management (admin-spec sections 2, 4 and 8). The route lets only admins in. */
export function AdminCategoriesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const categories = useQuery(trpc.categories.list.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TCategory | null>(null);

  const remove = useMutation(
    trpc.categories.delete.mutationOptions({
      onSuccess: async (result) => {
        const moved = result.uncategorisedActions;
        notify.success(
          'Category Deleted',
          moved === 0 ? '' : `${moved === 1 ? '1 action is' : `${moved} actions are`} now uncategorised.`,
        );
        setDeleting(null);
        // Actions lost their category too: the admin tabs and the shop show it.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.categories.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.actions.listAll.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey() }),
        ]);
      },
      onError: (err) => notify.error('Failed to Delete Category', errorMessage(err)),
    }),
  );

  const edited = editing === 'new' ? null : editing;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <AdminPageHeader
          title="Manage Categories"
          description="Group the shop's actions; the action form offers the active ones."
        >
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Category
          </Button>
        </AdminPageHeader>
        <CategoryList
          categories={categories}
          onAdd={() => setEditing('new')}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </Stack>
      <CategoryFormModal
        key={edited ? edited.id : 'new'}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        category={edited}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete Category"
        message={deleteCategoryMessage(deleting?.actionCount ?? 0)}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Container>
  );
}
