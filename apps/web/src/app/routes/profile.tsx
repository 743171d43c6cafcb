import { formatMoney } from '@kindred/shared';
import { Badge, DataList, Paper, Text } from '@mantine/core';
import { Page } from '@/components/ui/page';
import { ChangeEmailForm, ChangePasswordForm, DeleteAccountForm, AvatarUpload, ProfileForm } from '@/features/profile';
import { useCurrentUser } from '@/features/session';

export function ProfileRoute() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Page title="Account settings" description={<Text>Your profile, sign-in details and account.</Text>}>
      <Paper p="lg" withBorder>
        <DataList orientation="horizontal">
          <DataList.Item>
            <DataList.Label>Email</DataList.Label>
            <DataList.Value>{user.email}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Status</DataList.Label>
            <DataList.Value>
              <Badge color={user.is_active ? 'green.9' : 'dark'} variant="filled">
                {user.is_active ? 'Activated' : 'Not activated'}
              </Badge>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Wallet</DataList.Label>
            <DataList.Value>{formatMoney(user.wallet_amount)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Credits</DataList.Label>
            <DataList.Value>{formatMoney(user.credits)}</DataList.Value>
          </DataList.Item>
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
    </Page>
  );
}
