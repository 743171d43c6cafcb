import { Anchor, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';

export interface NoAccountProps {
  /** 'Charity', 'Organisation': the page's title. */
  title: string;
  /** 'charity', 'organisation'. */
  noun: string;
  /** The question before the registration link: 'Run a charity?'. */
  question: string;
  registerPath: string;
  registerLink: string;
  /** Said between the first sentence and the registration (another way in). */
  children?: ReactNode;
}

/** Shown to a person who belongs to no account of this kind: how to register one. */
export function NoAccountPage({
  title,
  noun,
  question,
  registerPath,
  registerLink,
  children,
}: NoAccountProps) {
  return (
    <Page title={title}>
      <Paper p="lg" withBorder>
        <Stack gap="sm">
          <Text>You are not a member of any {noun} yet.</Text>
          {children}
          <Text>
            {question}{' '}
            <Anchor component={Link} to={registerPath}>
              {registerLink}
            </Anchor>{' '}
            and a Kindred admin will review it.
          </Text>
        </Stack>
      </Paper>
    </Page>
  );
}
