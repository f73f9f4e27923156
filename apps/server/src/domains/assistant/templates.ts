import { type DecompositionTemplate, decompositionTemplate } from '@takt/contracts';
import type { z } from 'zod';

/**
 * The library of decomposition templates shipped with Takt (docs/product-rules.md, "WBS decomposition"):
 * the usual breakdowns of construction works, in Russian and English. Each is parsed by the same contract
 * a space's own template is, when the module loads: a share that does not add up fails at once, in tests.
 */
type Input = z.input<typeof decompositionTemplate>;
type StepInput = Input['steps'][number];

const TRADES = {
  surveyor: ['Геодезист', 'Surveyor'],
  operator: ['Машинист экскаватора', 'Excavator operator'],
  labourer: ['Землекоп', 'Labourer'],
  roller: ['Машинист катка', 'Roller operator'],
  rebar: ['Арматурщик', 'Rebar fixer'],
  formwork: ['Плотник-опалубщик', 'Formwork carpenter'],
  concrete: ['Бетонщик', 'Concrete worker'],
  insulator: ['Изолировщик', 'Waterproofer'],
  mason: ['Каменщик', 'Mason'],
  erector: ['Монтажник', 'Steel erector'],
  roofer: ['Кровельщик', 'Roofer'],
  scaffolder: ['Монтажник лесов', 'Scaffolder'],
  facade: ['Фасадчик', 'Facade fitter'],
  ductwork: ['Монтажник вентиляции', 'Ductwork fitter'],
  plumber: ['Сантехник', 'Plumber'],
  electrician: ['Электромонтажник', 'Electrician'],
  commissioning: ['Наладчик', 'Commissioning engineer'],
  plasterer: ['Штукатур', 'Plasterer'],
  painter: ['Маляр', 'Painter'],
  tiler: ['Плиточник', 'Tiler'],
  ceiling: ['Монтажник потолков', 'Ceiling fixer'],
  floorer: ['Отделочник полов', 'Floor layer'],
} as const;

function step(
  key: string,
  ru: string,
  en: string,
  share: number,
  trade: keyof typeof TRADES,
  more: Partial<Pick<StepInput, 'volumeShare' | 'unit'>> = {},
): StepInput {
  const [tradeRu, tradeEn] = TRADES[trade];
  return { key, name: { ru, en }, share, trade: { ru: tradeRu, en: tradeEn }, ...more };
}

const fs = (from: string, to: string, lagDays = 0) => ({ from, to, type: 'fs' as const, lagDays });
const ss = (from: string, to: string, lagDays = 0) => ({ from, to, type: 'ss' as const, lagDays });

const LIBRARY: Input[] = [
  {
    key: 'earthworks',
    name: { ru: 'Земляные работы', en: 'Earthworks' },
    description: {
      ru: 'Разбивка, разработка котлована механизмами и вручную, уплотнение основания, обратная засыпка.',
      en: 'Setting out, excavation by machine and by hand, compacting the base, backfilling.',
    },
    keywords: {
      ru: ['котлован', 'земляные', 'земл', 'выемк', 'грунт', 'разработк', 'засыпк', 'траншея'],
      en: ['excavation', 'excavate', 'earthwork', 'earthworks', 'trench', 'backfill', 'soil', 'dig'],
    },
    units: ['м3', 'm3'],
    volume: 'shares',
    steps: [
      step('setout', 'Геодезическая разбивка', 'Setting out', 5, 'surveyor'),
      step('excavate', 'Разработка грунта экскаватором', 'Excavation by machine', 55, 'operator', {
        volumeShare: 90,
      }),
      step('trim', 'Доработка грунта вручную', 'Hand trimming', 15, 'labourer', { volumeShare: 10 }),
      step('compact', 'Уплотнение основания', 'Compacting the base', 10, 'roller'),
      step('backfill', 'Обратная засыпка с уплотнением', 'Backfilling and compaction', 15, 'labourer'),
    ],
    relations: [
      fs('setout', 'excavate'),
      ss('excavate', 'trim', 2),
      fs('trim', 'compact'),
      fs('compact', 'backfill'),
    ],
  },
  {
    key: 'foundations',
    name: { ru: 'Фундаменты', en: 'Foundations' },
    description: {
      ru: 'Подготовка, гидроизоляция, армирование, опалубка, бетонирование и уход за бетоном.',
      en: 'Blinding, waterproofing, reinforcement, formwork, concreting and curing.',
    },
    keywords: {
      ru: ['фундамент', 'ростверк', 'фундаментная', 'плита', 'свай', 'подошв'],
      en: ['foundation', 'footing', 'raft', 'pile', 'basement', 'substructure'],
    },
    units: ['м3', 'm3'],
    volume: 'shares',
    steps: [
      step('blinding', 'Бетонная подготовка', 'Blinding concrete', 10, 'concrete', { volumeShare: 10 }),
      step('waterproofing', 'Гидроизоляция', 'Waterproofing', 10, 'insulator'),
      step('rebar', 'Армирование', 'Reinforcement', 25, 'rebar'),
      step('formwork', 'Установка опалубки', 'Formwork', 20, 'formwork'),
      step('concrete', 'Бетонирование', 'Concreting', 20, 'concrete', { volumeShare: 90 }),
      step('curing', 'Уход за бетоном и распалубка', 'Curing and stripping', 15, 'concrete'),
    ],
    relations: [
      fs('blinding', 'waterproofing'),
      fs('waterproofing', 'rebar'),
      ss('rebar', 'formwork', 1),
      fs('rebar', 'concrete'),
      fs('formwork', 'concrete'),
      fs('concrete', 'curing'),
    ],
  },
  {
    key: 'monolithic_frame',
    name: { ru: 'Монолитный каркас (поэтажно)', en: 'Cast-in-place frame, floor by floor' },
    description: {
      ru: 'На каждом этаже: армирование, опалубка и бетонирование колонн и стен, затем перекрытия.',
      en: 'On each floor: reinforcement, formwork and concreting of columns and walls, then of the slab.',
    },
    keywords: {
      ru: ['монолит', 'монолитный', 'каркас', 'перекрыт', 'колонн', 'железобетон'],
      en: ['monolithic', 'frame', 'slab', 'column', 'cast-in-place', 'superstructure'],
    },
    units: ['м3', 'm3'],
    perFloor: true,
    volume: 'shares',
    steps: [
      step('walls_rebar', 'Армирование колонн и стен', 'Column and wall reinforcement', 15, 'rebar'),
      step('walls_form', 'Опалубка колонн и стен', 'Column and wall formwork', 15, 'formwork'),
      step('walls_concrete', 'Бетонирование колонн и стен', 'Column and wall concreting', 15, 'concrete', {
        volumeShare: 35,
      }),
      step('slab_form', 'Опалубка перекрытия', 'Slab formwork', 20, 'formwork'),
      step('slab_rebar', 'Армирование перекрытия', 'Slab reinforcement', 20, 'rebar'),
      step('slab_concrete', 'Бетонирование перекрытия', 'Slab concreting', 15, 'concrete', {
        volumeShare: 65,
      }),
    ],
    relations: [
      ss('walls_rebar', 'walls_form', 1),
      fs('walls_form', 'walls_concrete'),
      fs('walls_concrete', 'slab_form'),
      ss('slab_form', 'slab_rebar', 2),
      fs('slab_rebar', 'slab_concrete'),
    ],
  },
  {
    key: 'masonry',
    name: { ru: 'Каменная кладка', en: 'Masonry' },
    description: {
      ru: 'Разметка, кладка стен, армирование кладки, перемычки, расшивка и приёмка.',
      en: 'Setting out, laying the walls, bed joint reinforcement, lintels, pointing and acceptance.',
    },
    keywords: {
      ru: ['кладк', 'кирпич', 'газобетон', 'блок', 'перегородк', 'каменн'],
      en: ['masonry', 'brick', 'brickwork', 'block', 'blockwork', 'partition'],
    },
    units: ['м3', 'm3', 'м2', 'm2'],
    volume: 'shares',
    steps: [
      step('setout', 'Разметка осей и первого ряда', 'Setting out and first course', 5, 'mason'),
      step('lay', 'Кладка стен', 'Laying the walls', 60, 'mason', { volumeShare: 100 }),
      step('reinforce', 'Армирование кладки', 'Bed joint reinforcement', 10, 'mason'),
      step('lintels', 'Установка перемычек', 'Lintels', 10, 'erector'),
      step('pointing', 'Расшивка швов и приёмка', 'Pointing and acceptance', 15, 'mason'),
    ],
    relations: [
      fs('setout', 'lay'),
      ss('lay', 'reinforce', 1),
      ss('lay', 'lintels', 2),
      fs('reinforce', 'pointing'),
      fs('lintels', 'pointing'),
    ],
  },
  {
    key: 'roofing',
    name: { ru: 'Кровля', en: 'Roofing' },
    description: {
      ru: 'Слои плоской кровли по всей площади: пароизоляция, утеплитель, уклон, мембрана, примыкания.',
      en: 'The layers of a flat roof over its whole area: vapour barrier, insulation, falls, membrane, upstands.',
    },
    keywords: {
      ru: ['кровл', 'кровельный', 'крыш', 'стропил', 'мембран'],
      en: ['roof', 'roofing', 'rafter', 'membrane'],
    },
    units: ['м2', 'm2'],
    volume: 'whole',
    steps: [
      step('vapour', 'Пароизоляция', 'Vapour barrier', 15, 'roofer'),
      step('insulation', 'Укладка утеплителя', 'Insulation', 25, 'roofer'),
      step('falls', 'Разуклонка и стяжка', 'Falls and screed', 20, 'roofer'),
      step('membrane', 'Гидроизоляционная мембрана', 'Waterproofing membrane', 25, 'roofer'),
      step('details', 'Примыкания и водосточные воронки', 'Upstands and outlets', 15, 'roofer'),
    ],
    relations: [
      ss('vapour', 'insulation', 2),
      ss('insulation', 'falls', 3),
      fs('falls', 'membrane'),
      ss('membrane', 'details', 3),
    ],
  },
  {
    key: 'facade',
    name: { ru: 'Навесной фасад', en: 'Façade cladding' },
    description: {
      ru: 'Леса, подсистема, утеплитель с ветрозащитой, облицовка, откосы и демонтаж лесов.',
      en: 'Scaffolding, subframe, insulation and wind barrier, cladding, reveals and striking the scaffold.',
    },
    keywords: {
      ru: ['фасад', 'фасадный', 'облицовк', 'вентфасад', 'навесн'],
      en: ['facade', 'façade', 'cladding', 'curtain', 'envelope'],
    },
    units: ['м2', 'm2'],
    volume: 'whole',
    steps: [
      step('scaffold', 'Монтаж лесов', 'Scaffolding', 10, 'scaffolder'),
      step('brackets', 'Подсистема и кронштейны', 'Subframe and brackets', 20, 'facade'),
      step('insulation', 'Утеплитель и ветрозащита', 'Insulation and wind barrier', 25, 'facade'),
      step('cladding', 'Облицовка', 'Cladding', 35, 'facade'),
      step(
        'reveals',
        'Откосы, отливы, демонтаж лесов',
        'Reveals, sills and striking the scaffold',
        10,
        'facade',
      ),
    ],
    relations: [
      fs('scaffold', 'brackets'),
      ss('brackets', 'insulation', 3),
      ss('insulation', 'cladding', 3),
      fs('cladding', 'reveals'),
    ],
  },
  {
    key: 'mep_rough_in',
    name: { ru: 'Инженерные системы: черновой монтаж', en: 'MEP rough-in' },
    description: {
      ru: 'Разметка трасс, воздуховоды, трубопроводы, кабельные трассы, испытания.',
      en: 'Setting out the routes, ductwork, pipework, cable routes, tests.',
    },
    keywords: {
      ru: [
        'инженерн',
        'вентиляц',
        'водопровод',
        'канализац',
        'отоплен',
        'электромонтаж',
        'слаботочн',
        'овик',
      ],
      en: [
        'mep',
        'rough-in',
        'hvac',
        'plumbing',
        'electrical',
        'ductwork',
        'sprinkler',
        'services',
        'mechanical',
      ],
    },
    units: [],
    volume: 'none',
    steps: [
      step('routes', 'Разметка трасс', 'Setting out the routes', 5, 'erector'),
      step('ducts', 'Монтаж воздуховодов', 'Ductwork', 25, 'ductwork'),
      step(
        'pipes',
        'Трубопроводы водоснабжения, канализации и отопления',
        'Water, drainage and heating pipework',
        30,
        'plumber',
      ),
      step('cables', 'Кабельные трассы и прокладка кабеля', 'Cable routes and wiring', 25, 'electrician'),
      step('tests', 'Опрессовка и испытания', 'Pressure and insulation tests', 15, 'commissioning'),
    ],
    relations: [
      fs('routes', 'ducts'),
      fs('routes', 'pipes'),
      fs('routes', 'cables'),
      fs('ducts', 'tests'),
      fs('pipes', 'tests'),
      fs('cables', 'tests'),
    ],
  },
  {
    key: 'finishes',
    name: { ru: 'Отделочные работы', en: 'Finishes' },
    description: {
      ru: 'Штукатурка, стяжка, шпатлёвка, плитка, потолки, окраска и чистовые полы по всей площади.',
      en: 'Plastering, screed, skim coat, tiling, ceilings, painting and floor finishes over the whole area.',
    },
    keywords: {
      ru: [
        'отделк',
        'отделочные',
        'штукатур',
        'шпатлевк',
        'окраск',
        'покраск',
        'стяжк',
        'плитк',
        'потолк',
        'чистов',
      ],
      en: [
        'finish',
        'finishes',
        'finishing',
        'fit-out',
        'plaster',
        'paint',
        'screed',
        'tiling',
        'ceiling',
        'flooring',
      ],
    },
    units: ['м2', 'm2'],
    volume: 'whole',
    steps: [
      step('plaster', 'Штукатурка стен', 'Wall plastering', 20, 'plasterer'),
      step('screed', 'Стяжка пола', 'Floor screed', 15, 'floorer'),
      step('skim', 'Шпатлёвка', 'Skim coat', 15, 'painter'),
      step('tiling', 'Облицовка плиткой', 'Tiling', 15, 'tiler'),
      step('ceilings', 'Подвесные потолки', 'Suspended ceilings', 10, 'ceiling'),
      step('paint', 'Окраска', 'Painting', 15, 'painter'),
      step('floors', 'Чистовые полы', 'Floor finishes', 10, 'floorer'),
    ],
    relations: [
      fs('plaster', 'skim'),
      ss('plaster', 'screed', 2),
      fs('skim', 'ceilings'),
      fs('ceilings', 'paint'),
      fs('screed', 'tiling'),
      fs('tiling', 'floors'),
      fs('paint', 'floors'),
    ],
  },
];

/** The templates shipped with Takt, checked by the contract. */
export const BUILT_IN_TEMPLATES: readonly DecompositionTemplate[] = LIBRARY.map((template) =>
  decompositionTemplate.parse(template),
);
