import { useSessionState } from '@/entities/session';
import { CharityDashboard } from './charity-dashboard';
import { OrganisationDashboard } from './organisation-dashboard';
import { PersonalDashboard } from './personal-dashboard';

/**
 * The signed-in home follows the active account: the charity's or the organisation's dashboard
 * when the person acts as one, their own otherwise.
 */
export function AccountDashboard() {
  const state = useSessionState();
  const active = state.activeAccount;
  if (active.type === 'charity') {
    const membership = state.charityMembership.find((m) => m.charity_id === active.id);
    if (membership) return <CharityDashboard key={membership.charity_id} membership={membership} />;
  }
  if (active.type === 'business') {
    const membership = state.businessMembership.find((m) => m.business_id === active.id);
    if (membership) return <OrganisationDashboard key={membership.business_id} membership={membership} />;
  }
  return <PersonalDashboard />;
}
