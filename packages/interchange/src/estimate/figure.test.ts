import { describe, expect, it } from 'vitest';
import { figureEstimate, roundMoney } from './figure.js';
import type { EstimateCoefficient, EstimateDocument, EstimateLine, EstimateSection } from './model.js';

const line = (over: Partial<EstimateLine> & Pick<EstimateLine, 'quantity'>): EstimateLine => ({
  code: 'L',
  name: 'line',
  unit: 'm3',
  unitCost: { labour: 0, machines: 0, materials: 0 },
  coefficients: [],
  ...over,
});
const section = (over: Partial<EstimateSection> & Pick<EstimateSection, 'name'>): EstimateSection => ({
  coefficients: [],
  sections: [],
  lines: [],
  ...over,
});
const coef = (
  name: string,
  target: EstimateCoefficient['target'],
  value: number,
  kind: EstimateCoefficient['kind'] = 'coefficient',
): EstimateCoefficient => ({
  name,
  kind,
  target,
  value,
});
const doc = (over: Partial<EstimateDocument>): EstimateDocument => ({
  kind: 'loc',
  name: 'estimate',
  currency: 'RUB',
  coefficients: [],
  sections: [],
  ...over,
});

describe('figureEstimate', () => {
  it('a line with two coefficients (worked by hand)', () => {
    // 2.5 × (1000 / 400 / 250) = 2500 / 1000 / 625, 30 h
    // winter works 1.2 on labour: 3000; then 1.15 on all: 3450 / 1150 / 718.75 → 5318.75; hours untouched
    const figures = figureEstimate(
      doc({
        sections: [
          section({
            name: 'Earthworks',
            lines: [
              line({
                id: 'l1',
                quantity: 2.5,
                unitCost: { labour: 1000, machines: 400, materials: 250 },
                labourHoursPerUnit: 12,
                coefficients: [coef('Winter works', 'labour', 1.2), coef('Cramped conditions', 'all', 1.15)],
              }),
            ],
          }),
        ],
      }),
    );
    const [l] = figures.lines;
    expect(l?.id).toBe('l1');
    expect(l?.direct).toEqual({ labour: 2500, machines: 1000, materials: 625 });
    expect(l?.totals).toEqual({
      labour: 3450,
      machines: 1150,
      materials: 718.75,
      total: 5318.75,
      labourHours: 30,
      machineHours: 0,
    });
    expect(l?.applied.map((a) => [a.level, a.name, a.value])).toEqual([
      ['line', 'Winter works', 1.2],
      ['line', 'Cramped conditions', 1.15],
    ]);
    expect(figures.totals.total).toBe(5318.75);
  });

  it('a section total: lines, a sub-section, the coefficients innermost first (worked by hand)', () => {
    // Earthworks ×1.1 on all:
    //   10 × (100 / 50 / 0) = 1000 / 500 / 0 → 1100 / 550 / 0 = 1650
    //   4 × (20 / 0 / 300.333) = 80 / 0 / 1201.332 → 88 / 0 / 1321.4652 → 1321.47; total 1409.47
    //   Backfill ×1.5 on labour: 1 × 10.01 → 15.015 → ×1.1 = 16.5165 → 16.52
    // section: labour 1100 + 88 + 16.52 = 1204.52, machines 550, materials 1321.47, total 3075.99
    const figures = figureEstimate(
      doc({
        sections: [
          section({
            name: 'Earthworks',
            code: '1',
            coefficients: [coef('Regional', 'all', 1.1)],
            lines: [
              line({ quantity: 10, unitCost: { labour: 100, machines: 50, materials: 0 } }),
              line({ quantity: 4, unitCost: { labour: 20, machines: 0, materials: 300.333 } }),
            ],
            sections: [
              section({
                name: 'Backfill',
                coefficients: [coef('Hand work', 'labour', 1.5)],
                lines: [
                  line({
                    quantity: 1,
                    unitCost: { labour: 10.01, machines: 0, materials: 0 },
                    labourHoursPerUnit: 2,
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
    );
    const [earth] = figures.sections;
    expect(earth?.lines.map((l) => l.totals.total)).toEqual([1650, 1409.47]);
    expect(earth?.sections[0]?.totals.labour).toBe(16.52);
    expect(earth?.totals).toEqual({
      labour: 1204.52,
      machines: 550,
      materials: 1321.47,
      total: 3075.99,
      labourHours: 2,
      machineHours: 0,
    });
    expect(figures.totals.total).toBe(3075.99);
    const backfill = figures.lines[2];
    expect(backfill?.path).toEqual([0, 0, 0]);
    expect(backfill?.applied.map((a) => [a.level, a.sectionName, a.name])).toEqual([
      ['section', 'Backfill', 'Hand work'],
      ['section', 'Earthworks', 'Regional'],
    ]);
  });

  it('at each level coefficients apply before indices, and the estimate’s last', () => {
    // 1 × 100 materials; line: index 2 listed before coefficient 1.05 → 1.05 then 2; estimate: index 3 → 630
    const figures = figureEstimate(
      doc({
        coefficients: [coef('To current prices', 'all', 3, 'index')],
        sections: [
          section({
            name: 'S',
            lines: [
              line({
                quantity: 1,
                unitCost: { labour: 0, machines: 0, materials: 100 },
                labourHoursPerUnit: 4,
                coefficients: [
                  coef('Index', 'materials', 2, 'index'),
                  coef('Waste', 'materials', 1.05),
                  coef('Hours', 'labourHours', 1.25),
                ],
              }),
            ],
          }),
        ],
      }),
    );
    const [l] = figures.lines;
    expect(l?.applied.map((a) => a.name)).toEqual(['Waste', 'Hours', 'Index', 'To current prices']);
    expect(l?.totals.materials).toBe(630);
    expect(l?.totals.labourHours).toBe(5);
  });

  it('a summary estimate by chapters (worked by hand)', () => {
    // estimate index 1.2 on all:
    // ch. 1: 1 × (1000 / 500 / 0) → 1200 / 600 / 0 = 1800
    // ch. 2, building A: 1 × (10000 / 2000 / 30000) → 12000 / 2400 / 36000 = 50400
    // ch. 2, building B: 2 × 333.33 labour = 666.66 → 799.992 → 799.99
    // ch. 2 = 12799.99 / 2400 / 36000 = 51199.99
    // ch. 9 (×0.5 on all): 1 × 100 materials → 50 → 60
    // estimate: 1800 + 51199.99 + 60 = 53059.99
    const figures = figureEstimate(
      doc({
        kind: 'ssr',
        coefficients: [coef('Price index', 'all', 1.2, 'index')],
        sections: [
          section({
            name: 'Preparation of the site',
            chapter: 1,
            lines: [line({ quantity: 1, unitCost: { labour: 1000, machines: 500, materials: 0 } })],
          }),
          section({
            name: 'Main objects',
            chapter: 2,
            sections: [
              section({
                name: 'Building A',
                lines: [line({ quantity: 1, unitCost: { labour: 10000, machines: 2000, materials: 30000 } })],
              }),
            ],
          }),
          section({
            name: 'Building B',
            chapter: 2,
            lines: [line({ quantity: 2, unitCost: { labour: 333.33, machines: 0, materials: 0 } })],
          }),
          section({
            name: 'Other works',
            chapter: 9,
            coefficients: [coef('Share', 'all', 0.5)],
            lines: [line({ quantity: 1, unitCost: { labour: 0, machines: 0, materials: 100 } })],
          }),
        ],
      }),
    );
    expect(figures.chapters.map((c) => [c.chapter, c.name, c.totals.total])).toEqual([
      [1, 'Preparation of the site', 1800],
      [2, 'Main objects', 51199.99],
      [9, 'Other works', 60],
    ]);
    expect(figures.chapters[1]?.totals).toMatchObject({ labour: 12799.99, machines: 2400, materials: 36000 });
    expect(figures.totals.total).toBe(53059.99);
  });

  it('a bill of quantities has quantities and no cost', () => {
    const figures = figureEstimate(
      doc({
        kind: 'vor',
        sections: [
          section({
            name: 'S',
            lines: [
              line({
                quantity: 12.5,
                unitCost: { labour: 10, machines: 10, materials: 10 },
                labourHoursPerUnit: 3,
              }),
            ],
          }),
        ],
      }),
    );
    expect(figures.lines[0]?.quantity).toBe(12.5);
    expect(figures.lines[0]?.totals.total).toBe(0);
    expect(figures.lines[0]?.totals.labourHours).toBe(0);
    expect(figures.totals.total).toBe(0);
    expect(figures.chapters).toEqual([]);
  });

  it('rounds half away from zero after dropping float noise', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(Number.NaN)).toBe(0);
    expect(roundMoney(-0.001)).toBe(0);
  });
});
