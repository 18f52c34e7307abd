import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A two-column list of facts (label, value) that wraps long values instead of overflowing. */
export function InfoRows({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <Table verticalSpacing={4} aria-label={label} layout="fixed">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w="40%" fw={500} c="dimmed" fz="sm">
              {name}
            </Table.Th>
            <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
