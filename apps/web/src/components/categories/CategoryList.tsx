import { Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { TCategory } from '@shop/domain';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from '../common/QueryError';
import { CategoryCard } from './CategoryCard';

interface Props {
  // Any error type: the tRPC client's error is shown through QueryError either way.
  categories: UseQueryResult<TCategory[], unknown>;
  onAdd: () => void;
  onEdit: (category: TCategory) => void;
  onDelete: (category: TCategory) => void;
}

const GRID = { base: 1, sm: 2, lg: 3 } as const;

/** The page body in each of its states: loading, failed, empty, or one card per category. */
export function CategoryList({ categories, onAdd, onEdit, onDelete }: Props) {
  if (categories.isPending) {
    return (
      <SimpleGrid cols={GRID} aria-label="Loading categories" aria-busy>
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} h={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (categories.isError) {
    return (
      <QueryError
        title="Failed to load categories"
        error={categories.error}
        onRetry={() => void categories.refetch()}
      />
    );
  }
  if (categories.data.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs">
          <Text fw={700}>No categories found</Text>
          <Text c="dimmed" ta="center">
            Create your first category to get started.
          </Text>
          <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={onAdd}>
            Add Category
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={GRID}>
      {categories.data.map((category) => (
        <CategoryCard
          key={category.id}
          category={category}
          onEdit={() => onEdit(category)}
          onDelete={() => onDelete(category)}
        />
      ))}
    </SimpleGrid>
  );
}
