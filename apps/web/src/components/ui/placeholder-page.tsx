import { Paper, Text } from '@mantine/core';
import { Page } from './page';

export interface PlaceholderPageProps {
  title: string;
  /** Which capability brings this screen. */
  capability: string;
}

/** A screen whose capability is not built yet: its heading and what will bring it. */
export function PlaceholderPage({ title, capability }: PlaceholderPageProps) {
  return (
    <Page title={title}>
      <Paper p="lg" withBorder>
        <Text>{capability}</Text>
      </Paper>
    </Page>
  );
}
