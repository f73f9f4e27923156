import { type RefObject, useState } from 'react';
import { Badge } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { formatMinutes } from '../../lib/schedule-time';
import type { CyclogramCommands } from './CyclogramCanvas';
import type { Cyclogram } from './cyclogram-data';

/** The clashes of trades (the server lists the first ones and counts all); a click shows one on the chart. */
export function CyclogramClashes({
  data,
  commands,
}: {
  data: Cyclogram;
  commands: RefObject<CyclogramCommands | null>;
}) {
  const t = useT();
  const [selected, setSelected] = useState<number | null>(null);
  const tradeName = (index: number) => data.trades[index]?.key ?? '';
  return (
    <section aria-labelledby="cyclogram-clashes">
      <h2 id="cyclogram-clashes" className="cyclogram-side-title">
        {t('cyclogram.clashes')} <Badge tone={data.clashCount ? 'warn' : 'neutral'}>{data.clashCount}</Badge>
      </h2>
      {data.clashes.length === 0 ? (
        <p className="cyclogram-muted">{t('cyclogram.no_clashes')}</p>
      ) : (
        <ul className="cyclogram-clashes stack-list" data-testid="cyclogram-clashes">
          {data.clashes.map((clash, index) => (
            <li key={`${clash.leader}-${clash.follower}-${clash.location}`}>
              <button
                type="button"
                className={`cyclogram-clash text-button${selected === index ? ' cyclogram-clash-active' : ''}`}
                onClick={() => {
                  setSelected(index);
                  commands.current?.focus(clash.time, clash.position);
                }}
              >
                <span className="cyclogram-clash-dot" aria-hidden="true" />
                <span>
                  {t(`cyclogram.clash.${clash.kind}`, {
                    follower: tradeName(clash.follower),
                    leader: tradeName(clash.leader),
                  })}
                  <span className="cyclogram-muted">
                    {t('cyclogram.clash.where', {
                      location: data.locations[clash.location] ?? '',
                      date: formatMinutes(Math.round(clash.time)),
                    })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data.clashCount > data.clashes.length && (
        <p className="cyclogram-muted" data-testid="cyclogram-more-clashes">
          {t('cyclogram.more_clashes', { count: data.clashCount - data.clashes.length })}
        </p>
      )}
    </section>
  );
}
