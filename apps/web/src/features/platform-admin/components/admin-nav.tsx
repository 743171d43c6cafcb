import { SectionLink, SectionNav } from '@/components/ui/section-link';

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Admin home' },
  { to: '/admin/statistics', label: 'Statistics' },
  { to: '/admin/people', label: 'People' },
  { to: '/admin/accounts', label: 'Accounts' },
  { to: '/admin/expiring', label: 'Expiring projects' },
  { to: '/admin/audit', label: 'Audit log' },
] as const;

/** The admin area's sections, on every admin screen of this feature. */
export function AdminNav() {
  return (
    <SectionNav label="Admin">
      {ADMIN_SECTIONS.map((section) => (
        <SectionLink key={section.to} to={section.to} end={section.to === '/admin'}>
          {section.label}
        </SectionLink>
      ))}
    </SectionNav>
  );
}
