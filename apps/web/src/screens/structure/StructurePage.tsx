import { Link } from 'wouter';
import { Icon } from '../../components/icons';
import { Badge, Card, PageHeader } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { SPACE_SCREENS } from '../../layouts/space-screens';
import { useT } from '../../lib/i18n';
import { roleName } from '../admin/role-name';

/** The space home: its name, the user's role, what the space offers now and what comes later. */
export function StructurePage() {
  const t = useT();
  const { config, can } = useSpace();
  const { space, licence, role } = config;
  const later = SPACE_SCREENS.filter((s) => s.unavailable && s.nav);
  return (
    <div className="page" data-testid="structure-page">
      <PageHeader
        title={space.name}
        subtitle={t('structure.role', { role: roleName(t, role) })}
        actions={
          <Badge tone={space.kind === 'licensed' ? 'accent' : 'neutral'}>
            {t(`space_kind.${space.kind}`)}
          </Badge>
        }
      />
      <div className="stats">
        <div className="stat">
          <div className="stat-label">{t('structure.members')}</div>
          <div className="stat-value">{licence.usedSeats}</div>
        </div>
        <div className="stat">
          <div className="stat-label">{t('structure.licence')}</div>
          <div className="stat-value">{t(`space_kind.${licence.kind}`)}</div>
          <div className="stat-hint">
            {t('structure.seats', { used: licence.usedSeats, limit: licence.userLimit })}
          </div>
        </div>
      </div>
      <Card title={t('structure.whats_here')}>
        <div className="tiles">
          <Link href="/profile" className="tile">
            <Icon name="user" size={22} />
            <span className="tile-title">{t('screen.profile')}</span>
            <span className="tile-text">{t('structure.profile_text')}</span>
          </Link>
          {can('space.manage') || can('users.manage') || can('roles.manage') || can('delegation.manage') ? (
            <Link href="/admin" className="tile">
              <Icon name="shield" size={22} />
              <span className="tile-title">{t('screen.admin')}</span>
              <span className="tile-text">{t('structure.admin_text')}</span>
            </Link>
          ) : null}
          <div className="tile tile-muted">
            <Icon name="gantt" size={22} />
            <span className="tile-title">{t('layout.later')}</span>
            <span className="tile-text">{t('structure.later_text')}</span>
            <span className="tile-tags">
              {later.map((s) => (
                <Badge key={s.key}>{t(s.title)}</Badge>
              ))}
            </span>
          </div>
        </div>
      </Card>
    </div>
  );
}
