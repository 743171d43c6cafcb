export { IntegrationsSection, type IntegrationsSectionProps } from './components/integrations-section';
export { type IntegrationsAccount, integrationsPath } from './lib/account';
