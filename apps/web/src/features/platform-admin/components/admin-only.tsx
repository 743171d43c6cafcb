import type { ReactNode } from 'react';
import { AdminsOnlyPage, ViewOnlyAlert } from '@/components/ui/admin-only';
import { Page } from '@/components/ui/page';
import { usePlatformAdmin } from '@/entities/session';
import { AdminNav } from './admin-nav';

/** An admin screen: platform admins see it with the admin menu; others are told it is not theirs. */
export function AdminPage({
  title,
  description,
  children,
  size = 'lg',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg' | 'xl';
}) {
  const abilities = usePlatformAdmin();
  if (!abilities.view) {
    return <AdminsOnlyPage title={title} />;
  }
  return (
    <Page title={title} description={description} size={size}>
      <AdminNav />
      {abilities.act ? null : <ViewOnlyAlert>{abilities.whyNot}</ViewOnlyAlert>}
      {children}
    </Page>
  );
}
