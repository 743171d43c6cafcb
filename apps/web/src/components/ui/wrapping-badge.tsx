import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A badge whose whole label stays readable: in a narrow column (a table cell, a phone) it wraps onto
 * another line, where Mantine's Badge keeps one line and cuts the rest with "…"
 * ("AWAITING ORGANISATION APPRO…").
 */
export function WrappingBadge({ children, ...props }: BadgeProps & { children: ReactNode }) {
  return (
    <Badge
      {...props}
      h="auto"
      maw="100%"
      styles={{
        root: { paddingBlock: 2 },
        label: {
          whiteSpace: 'normal',
          overflow: 'visible',
          textOverflow: 'clip',
          overflowWrap: 'break-word',
          lineHeight: 1.35,
        },
      }}
    >
      {children}
    </Badge>
  );
}
