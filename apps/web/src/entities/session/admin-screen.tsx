import type { ReactNode } from 'react';
import { AdminDescription, AdminsOnlyPage } from '@/components/ui/admin-only';
import { Page } from '@/components/ui/page';
import { type PlatformAdminAbilities, usePlatformAdmin } from './platform-admin';

/**
 * A platform admin screen reached from the admin home: a person who is not a platform admin is
 * told it is not theirs; its description ends with the way back to the admin home; its content is
 * given what the admin may do.
 */
export function PlatformAdminScreen({
  title,
  size,
  description,
  children,
}: {
  title: string;
  size: 'lg' | 'xl';
  description: ReactNode;
  children: (abilities: PlatformAdminAbilities) => ReactNode;
}) {
  const abilities = usePlatformAdmin();
  if (!abilities.view) return <AdminsOnlyPage title={title} />;
  return (
    <Page title={title} size={size} description={<AdminDescription>{description}</AdminDescription>}>
      {children(abilities)}
    </Page>
  );
}
