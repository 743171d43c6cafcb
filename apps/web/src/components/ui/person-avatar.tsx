import { imageUrl } from '@kindred/shared';
import { Avatar, type AvatarProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PersonAvatarProps {
  /** The person's uploaded picture (`/api/files/...`), or null for none. */
  avatar: string | null | undefined;
  size: AvatarProps['size'];
  variant?: AvatarProps['variant'];
  /** Shown without a picture, e.g. the first letter of the name. */
  children?: ReactNode;
}

/** A person's round picture, small variant; decoration only (their name is beside it or names the control). */
export function PersonAvatar({ avatar, size, variant, children }: PersonAvatarProps) {
  return (
    <Avatar
      src={avatar ? imageUrl(avatar, 'small') : null}
      alt=""
      radius="xl"
      size={size}
      color="dark"
      variant={variant}
    >
      {children}
    </Avatar>
  );
}
