import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AdminsOnlyPage } from '@/components/ui/admin-only';
import { Page } from '@/components/ui/page';
import { useCurrentUser } from '@/entities/session';
import { moneyAdminRole } from '../lib/admin';
import { AdminDepositForm } from './admin-deposit-form';
import { AdminMoneyNav } from './admin-nav';

/** /admin/money: a platform Super Admin or Admin deposits money or credits; Employees are told they cannot. */
export function AdminMoneyScreen() {
  const role = moneyAdminRole(useCurrentUser());
  if (role === 'none') {
    return <AdminsOnlyPage title="Admin deposits" />;
  }
  return (
    <Page
      title="Admin deposits"
      description={<Text>Record money or give credits to a person or an organisation.</Text>}
    >
      <AdminMoneyNav />
      <Paper p="lg" withBorder>
        {role === 'manage' ? (
          <AdminDepositForm />
        ) : (
          <Text>
            As a platform Employee you can view{' '}
            <Anchor component={Link} to="/admin/direct-debits">
              the direct debits
            </Anchor>
            , but only Super Admins and Admins can deposit money or credits.
          </Text>
        )}
      </Paper>
    </Page>
  );
}
