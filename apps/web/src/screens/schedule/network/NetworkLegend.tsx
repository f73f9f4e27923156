import { useT } from '../../../lib/i18n';

/** What the diagram's marks mean: boxes (work, critical, summary, selected), the box's lines, the arrows. */
export function NetworkLegend() {
  const t = useT();
  return (
    <div className="network-legend" data-testid="network-legend">
      <div className="network-legend-box">
        <span className="network-legend-sample">
          {t('network.legend.box_code')}
          <br />
          {t('network.legend.box_name')}
          <br />
          {t('network.legend.box_dates')}
          <br />
          {t('network.legend.box_float')}
        </span>
      </div>
      <ul>
        <li>
          <span className="network-mark network-mark-work" /> {t('network.legend.work')}
        </li>
        <li>
          <span className="network-mark network-mark-critical" /> {t('network.legend.critical')}
        </li>
        <li>
          <span className="network-mark network-mark-summary" /> {t('network.legend.summary')}
        </li>
        <li>
          <span className="network-mark network-mark-selected" /> {t('network.legend.selected')}
        </li>
        <li>
          <span className="network-mark network-mark-progress" /> {t('network.legend.progress')}
        </li>
        <li>
          <span className="network-line" /> {t('network.legend.relation')}
        </li>
        <li>
          <span className="network-line network-line-critical" /> {t('network.legend.critical_relation')}
        </li>
        <li>{t('network.legend.types')}</li>
      </ul>
    </div>
  );
}
