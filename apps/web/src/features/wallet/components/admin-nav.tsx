import { SectionLink, SectionNav } from '@/components/ui/section-link';

/** Links between the platform admin's money screens. */
export function AdminMoneyNav() {
  return (
    <SectionNav label="Admin money screens">
      <SectionLink to="/admin" end>
        Admin home
      </SectionLink>
      <SectionLink to="/admin/money" end>
        Deposits
      </SectionLink>
      <SectionLink to="/admin/direct-debits" end>
        Direct debits
      </SectionLink>
    </SectionNav>
  );
}
