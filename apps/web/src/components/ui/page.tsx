import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface PageProps {
  title: string;
  /** Text under the heading. */
  description?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

/** A screen: its document title, one h1 (focused after navigation) and its content. */
export function Page({ title, description, size = 'md', children }: PageProps) {
  useDocumentTitle(`${title} · Kindred`);
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} tabIndex={-1} data-page-heading>
            {title}
          </Title>
          {description}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
