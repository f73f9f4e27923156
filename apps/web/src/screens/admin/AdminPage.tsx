import { useLocation, useSearch } from 'wouter';
import { PageHeader, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { BackupsTab } from './BackupsTab';
import { DelegationsTab } from './DelegationsTab';
import { LicenceTab } from './LicenceTab';
import { RolesTab } from './RolesTab';
import { SettingsTab } from './SettingsTab';
import { SignInProvidersTab } from './SignInProvidersTab';
import { TemplatesTab } from './TemplatesTab';
import { TextsTab } from './TextsTab';
import { UsersTab } from './UsersTab';

const TABS = [
  'users',
  'roles',
  'settings',
  'delegations',
  'templates',
  'backups',
  'licence',
  'texts',
  'signin',
] as const;
type Tab = (typeof TABS)[number];
const DEPLOYMENT_ADMIN_LOGIN = 'admin';

/** Space administration; each tab is shown to those holding the ability its calls need. */
export function AdminPage() {
  const t = useT();
  const { can, config } = useSpace();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('tab');
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });

  const visible: Record<Tab, boolean> = {
    users: can('users.view'),
    roles: can('users.view'),
    settings: can('space.manage'),
    delegations: can('delegation.manage'),
    // the schedule assistant's decomposition templates: Takt's to copy, the space's own to edit
    templates: can('space.manage'),
    backups: can('space.manage'),
    licence: true,
    texts: can('space.manage'),
    // the sign-in providers are the whole server's: its administrator (the account it was set up with) edits them
    signin: me.data?.login === DEPLOYMENT_ADMIN_LOGIN,
  };
  const tabs = TABS.filter((tab) => visible[tab]).map((key) => ({ key, label: t(`admin.tab.${key}`) }));
  const active: Tab = tabs.find((tab) => tab.key === requested)?.key ?? tabs[0]?.key ?? 'licence';

  return (
    <div className="page" data-testid="admin-page">
      <PageHeader title={t('screen.admin')} subtitle={config.space.name} />
      <Tabs
        tabs={tabs}
        active={active}
        label={t('screen.admin')}
        onChange={(tab) => navigate(`${location}?tab=${tab}`)}
      />
      <div className="tab-panel" role="tabpanel">
        {active === 'users' && <UsersTab />}
        {active === 'roles' && <RolesTab />}
        {active === 'settings' && <SettingsTab />}
        {active === 'delegations' && <DelegationsTab />}
        {active === 'templates' && <TemplatesTab />}
        {active === 'backups' && <BackupsTab />}
        {active === 'licence' && <LicenceTab />}
        {active === 'texts' && <TextsTab />}
        {active === 'signin' && <SignInProvidersTab />}
      </div>
    </div>
  );
}
