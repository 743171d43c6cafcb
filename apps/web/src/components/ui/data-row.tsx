import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** One row of a DataList: its label, then its value. */
export function DataRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
