import { formatMoney } from '@kindred/shared';
import { Badge, DataList, Paper, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { DataRow } from '@/components/ui/data-row';
import { Page } from '@/components/ui/page';
import { SectionLink, SectionNav } from '@/components/ui/section-link';
import { useCurrentUser } from '@/entities/session';
import {
  AvatarUpload,
  ChangeEmailForm,
  ChangePasswordForm,
  DeleteAccountForm,
  ProfileForm,
} from '@/features/profile';

/** `/profile`: account settings, its sections (the profile itself, notifications) as sub-routes. */
export function ProfileLayout() {
  return (
    <Page
      title="Account settings"
      description={<Text>Your profile, sign-in details, account and notifications.</Text>}
    >
      <SectionNav label="Account settings sections">
        <SectionLink to="/profile" end>
          Profile
        </SectionLink>
        <SectionLink to="/profile/notifications">Notifications</SectionLink>
      </SectionNav>
      <Outlet />
    </Page>
  );
}

/** The profile section: details, avatar, sign-in and the account itself. */
export function ProfileRoute() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <Paper p="lg" withBorder>
        <DataList orientation="horizontal">
          <DataRow label="Email">{user.email}</DataRow>
          <DataRow label="Status">
            <Badge color={user.is_active ? 'teal.9' : 'dark'} variant="filled">
              {user.is_active ? 'Activated' : 'Not activated'}
            </Badge>
          </DataRow>
          <DataRow label="Wallet">{formatMoney(user.wallet_amount)}</DataRow>
          <DataRow label="Credits">{formatMoney(user.credits)}</DataRow>
        </DataList>
      </Paper>
      <Paper p="lg" withBorder>
        <AvatarUpload user={user} />
      </Paper>
      <Paper p="lg" withBorder>
        <ProfileForm key={user.id} user={user} />
      </Paper>
      <Paper p="lg" withBorder>
        <ChangePasswordForm />
      </Paper>
      <Paper p="lg" withBorder>
        <ChangeEmailForm user={user} />
      </Paper>
      <Paper p="lg" withBorder>
        <DeleteAccountForm user={user} />
      </Paper>
    </>
  );
}
