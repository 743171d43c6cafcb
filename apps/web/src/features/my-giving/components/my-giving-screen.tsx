import { Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { GIVING_TABS, type GivingTab, tabOf } from '../lib/tabs';
import { DonationDetail } from './donation-detail';
import { DonationsTab } from './donations-tab';
import { GiftAidTab } from './gift-aid-tab';
import { StatementsTab } from './statements-tab';
import { SubscriptionsTab } from './subscriptions-tab';
import { TotalsTab } from './totals-tab';
import { VolunteeringTab } from './volunteering-tab';

/**
 * My giving: the signed-in person's donations (with filters, declined and coming ones), recurring
 * donations, volunteering, totals, receipts and statements, and the Gift Aid declaration. The tab
 * and the open donation live in the URL, so reload and back keep them.
 */
export function MyGivingScreen() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const detail = Number(params.get('donation')) || null;

  const changeTab = (value: string | null) => {
    if (!value || value === tab) return;
    // A new tab starts without the other tab's filters.
    setParams(value === 'donations' ? {} : { tab: value });
  };
  const open = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('donation', String(id));
      return next;
    });
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('donation');
        return next;
      },
      { replace: true },
    );

  const panels: Record<GivingTab, React.ReactNode> = {
    donations: <DonationsTab onOpen={open} />,
    subscriptions: <SubscriptionsTab />,
    volunteering: <VolunteeringTab onOpen={open} />,
    totals: <TotalsTab />,
    statements: <StatementsTab onOpen={open} />,
    'gift-aid': <GiftAidTab />,
  };

  return (
    <Page
      title="My giving"
      size="lg"
      description={
        <Text>Everything you have given: funds, time, skills and goods, and what comes next.</Text>
      }
    >
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List aria-label="My giving">
          {GIVING_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {GIVING_TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.value === tab ? panels[t.value] : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      <DonationDetail id={detail} onClose={close} />
    </Page>
  );
}
