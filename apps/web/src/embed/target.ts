import {
  type Charity,
  DEFAULT_CURRENCY,
  PROJECT_STATUS,
  type Project,
  type PublicConfig,
} from '@kindred/shared';
import { getFresh, getJson } from './api';

/** What the page gives to, from its address: `/embed/project/{id}` or `/embed/charity/{id}`. */
export type EmbedAddress = { kind: 'project' | 'charity'; id: number };

/** The page's address, or null when it names nothing a gift can go to. */
export function addressOf(pathname: string): EmbedAddress | null {
  const match = /^\/embed\/(project|charity)\/(\d{1,15})\/?$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[2]);
  return id > 0 ? { kind: match[1] as 'project' | 'charity', id } : null;
}

/** What the page shows and gives to: a project or a charity, as its public call answers. */
export interface EmbedTarget {
  kind: 'project' | 'charity';
  id: number;
  name: string;
  /** The charity that receives the gift (the Gift Aid declaration names it), or null. */
  charity: { id: number; name: string } | null;
  /** The stored picture (without its variant) and which variants it has. */
  picture: { src: string; kind: 'gallery' | 'logo' } | null;
  /** Whether a gift can be made now: a Live project, an approved charity that is not locked. */
  open: boolean;
  /** A project's money so far (minor units), its target and givers; null for a charity. */
  progress: { raised: number; target: number | null; donors: number } | null;
  /** A charity's Live projects; null for a project. */
  liveProjects: number | null;
  /** Its public page on Kindred. */
  pagePath: string;
  /** Where the guest's gift is posted. */
  donatePath: string;
}

function fromProject(project: Project): EmbedTarget {
  return {
    kind: 'project',
    id: project.id,
    name: project.title,
    charity: project.charity ? { id: project.charity.id, name: project.charity.name } : null,
    picture: project.cover
      ? { src: project.cover, kind: 'gallery' }
      : project.logo
        ? { src: project.logo, kind: 'logo' }
        : null,
    open: project.status === PROJECT_STATUS.live,
    progress: { raised: project.funds_raised, target: project.funds_target, donors: project.donors_count },
    liveProjects: null,
    pagePath: `/projects/${project.id}`,
    donatePath: `/guest/donate/project/${project.id}`,
  };
}

function fromCharity(charity: Charity): EmbedTarget {
  return {
    kind: 'charity',
    id: charity.id,
    name: charity.name,
    charity: { id: charity.id, name: charity.name },
    picture: charity.logo ? { src: charity.logo, kind: 'logo' } : null,
    open: charity.approval_status === 'approved' && !charity.lock_status,
    progress: null,
    liveProjects: charity.live_projects,
    pagePath: `/charities/${charity.id}`,
    donatePath: `/guest/donate/charity/${charity.id}`,
  };
}

/** The page's data: the project or charity (its public call) and how this deployment takes cards. */
export interface EmbedData {
  target: EmbedTarget;
  currency: string;
  provider: PublicConfig['payment_provider'];
  stripeKey: string | null;
}

export async function loadEmbed(address: EmbedAddress): Promise<EmbedData> {
  const [target, config] = await Promise.all([
    address.kind === 'project'
      ? getJson<Project>(`/project/${address.id}`).then(fromProject)
      : getJson<Charity>(`/charity/${address.id}`).then(fromCharity),
    getJson<PublicConfig>('/config'),
  ]);
  return {
    target,
    currency: config.currency ?? DEFAULT_CURRENCY,
    provider: config.payment_provider,
    stripeKey: config.stripe_publishable_key,
  };
}

/** The project's progress read again after a gift (its public call), or null when it could not be. */
export async function reloadTarget(address: EmbedAddress): Promise<EmbedTarget | null> {
  try {
    return address.kind === 'project'
      ? fromProject(await getFresh<Project>(`/project/${address.id}`))
      : fromCharity(await getFresh<Charity>(`/charity/${address.id}`));
  } catch {
    return null;
  }
}
