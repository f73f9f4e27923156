import { formatDate } from '@takt/i18n';
import { Card, ProgressBar, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

export function LicenceTab() {
  const t = useT();
  const { spaceId } = useSpace();
  const licence = trpc.space.licence.useQuery({ spaceId });
  if (!licence.data) return <Spinner />;
  const { kind, userLimit, usedSeats, validUntil, bimUserLimit, bimUsers } = licence.data;
  return (
    <Card title={t('admin.tab.licence')}>
      <dl className="facts" data-testid="licence">
        <div>
          <dt>{t('admin.licence.kind')}</dt>
          <dd>{t(`space_kind.${kind}`)}</dd>
        </div>
        <div>
          <dt>{t('admin.licence.user_limit')}</dt>
          <dd>{userLimit}</dd>
        </div>
        <div>
          <dt>{t('admin.licence.used_seats')}</dt>
          <dd>{usedSeats}</dd>
        </div>
        <div>
          <dt>{t('admin.licence.bim_users')}</dt>
          <dd data-testid="licence-bim">
            {bimUserLimit === null
              ? t('admin.licence.bim_all', { used: bimUsers })
              : bimUserLimit <= 0
                ? t('admin.licence.bim_none')
                : t('admin.licence.usage', { used: bimUsers, limit: bimUserLimit })}
          </dd>
        </div>
        <div>
          <dt>{t('admin.licence.valid_until')}</dt>
          <dd>{validUntil ? formatDate(validUntil) : t('common.never')}</dd>
        </div>
      </dl>
      <ProgressBar
        value={userLimit > 0 ? (usedSeats / userLimit) * 100 : 0}
        label={t('admin.licence.usage', { used: usedSeats, limit: userLimit })}
      />
    </Card>
  );
}
