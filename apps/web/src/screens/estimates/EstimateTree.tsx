import { useMemo, useState } from 'react';
import { numHead, PlainTable } from '../../components/table';
import { Button, Empty } from '../../components/ui';
import { useT } from '../../lib/i18n';
import type { EstimateView } from './api';
import { LineDialog, SectionDialog } from './EstimateDialogs';
import { money, quantity } from './format';

type Line = EstimateView['lines'][number];
type Section = EstimateView['sections'][number];

export function Chapters({ data }: { data: EstimateView }) {
  const t = useT();
  return (
    <PlainTable
      testId="estimate-chapters"
      heads={[t('estimates.field.chapter'), t('estimates.field.name'), numHead(t('estimates.part.total'))]}
    >
      {data.chapters.map((c) => (
        <tr key={c.chapter}>
          <td>{c.chapter}</td>
          <td>{c.name}</td>
          <td className="num">{money(c.totals.total)}</td>
        </tr>
      ))}
    </PlainTable>
  );
}

/** Sections in tree order, each followed by its own lines (lines come before sub-sections, as they figure). */
function treeRows(data: EstimateView): ({ section: Section } | { line: Line; depth: number })[] {
  const bySection = new Map<string, Line[]>();
  for (const l of data.lines) bySection.set(l.sectionId, [...(bySection.get(l.sectionId) ?? []), l]);
  return data.sections.flatMap((section) => [
    { section },
    ...(bySection.get(section.id) ?? []).map((line) => ({ line, depth: section.depth + 1 })),
  ]);
}

export function TreeGrid({
  data,
  selected,
  onSelect,
  onChanged,
  editable,
}: {
  data: EstimateView;
  selected: string | null;
  onSelect: (id: string) => void;
  onChanged: () => void;
  editable: boolean;
}) {
  const t = useT();
  const rows = useMemo(() => treeRows(data), [data]);
  const [adding, setAdding] = useState<'section' | 'line' | null>(null);
  const selectedSection =
    data.sections.find((s) => s.id === selected)?.id ?? data.lines.find((l) => l.id === selected)?.sectionId;
  return (
    <div className="estimate-tree">
      {editable && (
        <div className="estimates-tab-actions">
          <Button onClick={() => setAdding('section')} data-testid="estimate-add-section">
            + {t('estimates.add_section')}
          </Button>
          <Button
            onClick={() => setAdding('line')}
            disabled={!selectedSection}
            data-testid="estimate-add-line"
            title={selectedSection ? undefined : t('estimates.choose_section')}
          >
            + {t('estimates.add_line')}
          </Button>
        </div>
      )}
      {rows.length === 0 ? (
        <Empty>{t('estimates.empty_tree')}</Empty>
      ) : (
        <PlainTable
          testId="estimate-tree"
          className="estimate-grid"
          heads={[
            t('estimates.field.number'),
            t('estimates.field.code'),
            t('estimates.field.name'),
            t('estimates.field.unit'),
            numHead(t('estimates.field.quantity')),
            numHead(t('estimates.part.labour')),
            numHead(t('estimates.part.machines')),
            numHead(t('estimates.part.materials')),
            numHead(t('estimates.part.total')),
            numHead(t('estimates.part.labourHours')),
          ]}
        >
          {rows.map((row) =>
            'section' in row ? (
              <tr
                key={row.section.id}
                className={`estimate-section-row${selected === row.section.id ? ' selected' : ''}`}
                onClick={() => onSelect(row.section.id)}
              >
                <td>{row.section.chapter ?? row.section.code ?? ''}</td>
                <td colSpan={4} style={{ paddingLeft: `${0.5 + row.section.depth * 1.2}rem` }}>
                  {row.section.name}
                </td>
                <td className="num">{money(row.section.totals.labour)}</td>
                <td className="num">{money(row.section.totals.machines)}</td>
                <td className="num">{money(row.section.totals.materials)}</td>
                <td className="num">{money(row.section.totals.total)}</td>
                <td className="num">{money(row.section.totals.labourHours)}</td>
              </tr>
            ) : (
              <tr
                key={row.line.id}
                className={`estimate-line-row${selected === row.line.id ? ' selected' : ''}`}
                onClick={() => onSelect(row.line.id)}
                data-testid="estimate-line"
              >
                <td>{row.line.number ?? ''}</td>
                <td className="estimate-code">{row.line.code}</td>
                <td style={{ paddingLeft: `${0.5 + row.depth * 1.2}rem` }}>
                  {row.line.sourceName ?? row.line.name}
                  {row.line.applied.length > 0 && (
                    <span className="estimate-coef-mark" title={t('estimates.has_coefficients')}>
                      {' '}
                      K×{row.line.applied.length}
                    </span>
                  )}
                </td>
                <td>{row.line.unit}</td>
                <td className="num">{quantity(row.line.quantity)}</td>
                <td className="num">{money(row.line.totals.labour)}</td>
                <td className="num">{money(row.line.totals.machines)}</td>
                <td className="num">{money(row.line.totals.materials)}</td>
                <td className="num">{money(row.line.totals.total)}</td>
                <td className="num">{money(row.line.totals.labourHours)}</td>
              </tr>
            ),
          )}
        </PlainTable>
      )}
      {adding === 'section' && (
        <SectionDialog
          estimateId={data.estimate.id}
          parentSectionId={selectedSection ?? null}
          onClose={() => setAdding(null)}
          onDone={onChanged}
        />
      )}
      {adding === 'line' && selectedSection && (
        <LineDialog sectionId={selectedSection} onClose={() => setAdding(null)} onDone={onChanged} />
      )}
    </div>
  );
}
