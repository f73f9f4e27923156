/**
 * A synthetic local estimate of any size, deterministic, for benchmarks and tests: sections of 50 lines
 * under parts of 20 sections, rates with all three cost parts, labour and machine hours, a coefficient on
 * every seventh line and on every third section, a winter-works coefficient and a price index on the
 * whole estimate; Russian names, codes like the federal rate books'.
 */
import type { EstimateDocument, EstimateLine, EstimateSection } from './model.js';

const WORKS = [
  ['Разработка грунта экскаватором', '1000 м3'],
  ['Устройство бетонной подготовки', 'м3'],
  ['Армирование монолитных конструкций', 'т'],
  ['Бетонирование стен', '100 м3'],
  ['Кладка наружных стен из кирпича', 'м3'],
  ['Монтаж оконных блоков', '100 м2'],
  ['Штукатурка стен', '100 м2'],
  ['Окраска стен водоэмульсионными составами', '100 м2'],
  ['Устройство покрытий полов из плитки', '100 м2'],
  ['Прокладка трубопроводов водоснабжения', '100 м'],
] as const;

export function sampleEstimate(lineCount: number): EstimateDocument {
  const perSection = 50;
  const sectionCount = Math.max(1, Math.ceil(lineCount / perSection));
  const parts: EstimateSection[] = [];
  let n = 0;
  for (let s = 0; s < sectionCount; s++) {
    const lines: EstimateLine[] = [];
    for (let k = 0; k < perSection && n < lineCount; k++, n++) {
      const [name, unit] = WORKS[n % WORKS.length]!;
      const line: EstimateLine = {
        number: String(n + 1),
        code: `ГЭСН${String((n % 47) + 1).padStart(2, '0')}-01-${String((n % 97) + 1).padStart(3, '0')}-0${(n % 9) + 1}`,
        name: `${name}, захватка ${s + 1}`,
        unit,
        quantity: Math.round((0.5 + ((n * 37) % 400) / 7) * 1000) / 1000,
        unitCost: {
          labour: Math.round((120 + ((n * 13) % 900)) * 100) / 100,
          machines: Math.round((((n * 29) % 700) + 0.35) * 100) / 100,
          materials: Math.round((((n * 53) % 5000) + 10.5) * 100) / 100,
        },
        labourHoursPerUnit: Math.round((1 + ((n * 7) % 60) / 3) * 100) / 100,
        machineHoursPerUnit: Math.round((((n * 5) % 30) / 4) * 100) / 100,
        coefficients:
          n % 7 === 3
            ? [
                {
                  code: 'ОП1.12',
                  name: 'Стеснённые условия',
                  kind: 'coefficient',
                  target: 'labour',
                  value: 1.15,
                },
              ]
            : [],
        volumeCode: `V-${n + 1}`,
      };
      lines.push(line);
    }
    const section: EstimateSection = {
      code: String(s + 1),
      name: `Раздел ${s + 1}. Захватка ${s + 1}`,
      coefficients:
        s % 3 === 1
          ? [{ name: 'Работы на высоте', kind: 'coefficient', target: 'machines', value: 1.1 }]
          : [],
      sections: [],
      lines,
    };
    const part = Math.floor(s / 20);
    if (!parts[part])
      parts[part] = {
        code: `Ч${part + 1}`,
        name: `Часть ${part + 1}`,
        coefficients: [],
        sections: [],
        lines: [],
      };
    parts[part]!.sections.push(section);
  }
  return {
    kind: 'loc',
    code: `ЛСР-${lineCount}`,
    name: `Синтетическая локальная смета на ${lineCount} позиций`,
    currency: 'RUB',
    priceLevel: '2022-01-01',
    coefficients: [
      { code: 'ГСН 81-05-02', name: 'Зимнее удорожание', kind: 'coefficient', target: 'all', value: 1.021 },
      { name: 'Индекс к СМР, 2 кв. 2025', kind: 'index', target: 'all', value: 1.12 },
    ],
    sections: parts,
  };
}

const xmlText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The same estimate as the ministry's XML of a local estimate, in pieces (to stream to a file): rates on
 * base prices with their coefficients, a price index per rate, resources inside each rate (which the reader
 * counts and leaves out), for benchmarks of the XML reader.
 */
export function* sampleMinstroyXml(lineCount: number): Generator<string> {
  const doc = sampleEstimate(lineCount);
  yield '<?xml version="1.0" encoding="utf-8"?>\n<Construction><Meta><File><Type>ЛС</Type><Version>3.01</Version></File></Meta>';
  yield `<Num>${xmlText(doc.code!)}</Num><Name>${xmlText(doc.name)}</Name><Object><Estimate><Num>${xmlText(doc.code!)}</Num><Name>${xmlText(doc.name)}</Name>`;
  yield '<PriceLevelBase><Year>2022</Year><Month>1</Month></PriceLevelBase><Sections>\n';
  for (const part of doc.sections)
    for (const s of part.sections) {
      yield `<Section><Code>${s.code}</Code><Name>${xmlText(s.name)}</Name><Items>\n`;
      for (const l of s.lines) {
        const coefficients = l.coefficients
          .map(
            (c) =>
              `<Coefficient><Name>${xmlText(c.name)}</Name><Values><Value><Target>ОТ</Target><CoefValue>${c.value}</CoefValue></Value></Values></Coefficient>`,
          )
          .join('');
        yield `<Item><Cost><Num>${l.number}</Num><Code>${xmlText(l.code)}</Code><Name>${xmlText(l.name)}</Name><Quantity>${l.quantity}</Quantity><Unit>${xmlText(l.unit)}</Unit><PerUnit><Base><Machines>${l.unitCost.machines}</Machines><WorkersSalary>${l.unitCost.labour}</WorkersSalary><Materials>${l.unitCost.materials}</Materials></Base><Natural><LaborCosts>${l.labourHoursPerUnit}</LaborCosts><MachinistLaborCosts>${l.machineHoursPerUnit}</MachinistLaborCosts></Natural></PerUnit>${coefficients ? `<Coefficients>${coefficients}</Coefficients>` : ''}<Index><Values><Value><Final>8.49</Final><Target>М</Target></Value></Values></Index><ResourcesInternal><Worker><Code>1-0032</Code><Name>Рабочий среднего разряда 3,2</Name><Consumption>${l.labourHoursPerUnit}</Consumption><Unit>чел.-ч</Unit></Worker></ResourcesInternal></Cost></Item>\n`;
      }
      yield '</Items></Section>\n';
    }
  yield '</Sections></Estimate></Object></Construction>\n';
}
