import { area } from './area';

/** Messages of the schedule assistant: the schedule analysis, its checks and history (English, Russian). */
export const assistantMessages = area(
  {
    'grid.panel.assistant': 'Assistant',
    'assistant.title': 'Assistant',
    'assistant.analytics': 'Schedule health',
    'assistant.run': 'Analyse the schedule',
    'assistant.running': 'Analysing…',
    'assistant.empty': 'The schedule has not been analysed yet.',
    'assistant.score': 'Score {score} of 100',
    'assistant.dcma_passed': 'DCMA: {passed} of {applicable} checks passed',
    'assistant.group.dcma': 'DCMA 14-point assessment',
    'assistant.group.extra': 'More checks',
    'assistant.status.pass': 'Passed',
    'assistant.status.fail': 'Failed',
    'assistant.status.not_applicable': 'Not applicable',
    'assistant.found': '{count} of {population}',
    'assistant.threshold': 'Threshold {threshold}',
    'assistant.open_works': 'Show {count} works in the grid',
    'assistant.findings': 'Findings',
    'assistant.history': 'History',
    'assistant.compare': 'Compare with the previous run',
    'assistant.improved': 'Improved',
    'assistant.worsened': 'Worsened',
    'assistant.unchanged': 'No change',
    'assistant.score_change': 'Score {before} → {after}',
    'assistant.run_at': '{date}, revision {revision}',
    'assistant.history_runs': 'Analysis runs',
    'assistant.history_decompositions': 'Decompositions applied',
    'assistant.history_decomposition':
      '{work} broken into {count, plural, one {# sub-work} other {# sub-works}} · {date}, revision {revision}',
    'assistant.decompose.manual_source': 'By hand',
    'assistant.check.logic': 'Missing logic',
    'assistant.check.logic.explain':
      'Tasks still to do that have no predecessor or no successor. Without both, a delay of the task shows nowhere and the critical path cannot be trusted. At most 5 % of tasks.',
    'assistant.check.leads': 'Leads',
    'assistant.check.leads.explain':
      'Links with a negative lag: the successor may start before its predecessor is done. They hide real overlaps and distort the critical path. None allowed.',
    'assistant.check.lags': 'Lags',
    'assistant.check.lags.explain':
      'Links with a positive lag: waiting time no one does work in. Better shown as a work of its own. At most 5 % of links.',
    'assistant.check.relationship_types': 'Relationship types',
    'assistant.check.relationship_types.explain':
      'The share of finish-to-start links. Start-to-start and finish-to-finish links are harder to follow and check. At least 90 % finish-to-start.',
    'assistant.check.hard_constraints': 'Hard constraints',
    'assistant.check.hard_constraints.explain':
      'Tasks held by a date — start or finish no later than, on a date, mandatory, or scheduled manually — rather than by logic: their dates do not move when the work around them does. At most 5 % of tasks.',
    'assistant.check.high_float': 'High float',
    'assistant.check.high_float.explain':
      'Tasks with more than 44 working days of total float: usually a missing successor rather than real freedom. At most 5 % of tasks.',
    'assistant.check.negative_float': 'Negative float',
    'assistant.check.negative_float.explain':
      'Tasks whose total float is below zero: a constraint or a deadline cannot be met as planned. None allowed.',
    'assistant.check.high_duration': 'High duration',
    'assistant.check.high_duration.explain':
      'Tasks longer than 44 working days: too long to track progress on; split them. At most 5 % of tasks.',
    'assistant.check.invalid_dates': 'Invalid dates',
    'assistant.check.invalid_dates.explain':
      'Actual dates after the data date, or planned dates of work still to do before it. Neither can be true. None allowed.',
    'assistant.check.resources': 'Resources',
    'assistant.check.resources.explain':
      'Tasks with a duration and no resource assigned: the schedule says nothing about who or what does them. None allowed.',
    'assistant.check.missed_tasks': 'Missed tasks',
    'assistant.check.missed_tasks.explain':
      'Tasks due by the data date in the approved plan that are not finished, or finished later than approved. At most 5 % of them.',
    'assistant.check.critical_path_test': 'Critical path test',
    'assistant.check.critical_path_test.explain':
      'A long delay (600 working days) is added to the first critical task; the project finish must move by as much. If it does not, the critical path is broken somewhere.',
    'assistant.check.cpli': 'Critical path length index (CPLI)',
    'assistant.check.cpli.explain':
      'The critical path length plus its float to the deadline (must finish by, else the approved finish), divided by the length. Below 1 the deadline is at risk. At least 0.95.',
    'assistant.check.bei': 'Baseline execution index (BEI)',
    'assistant.check.bei.explain':
      'Tasks finished, divided by the tasks the approved plan had finished by the data date. Below 1 the work falls behind the plan. At least 0.95.',
    'assistant.check.open_ends': 'Open ends',
    'assistant.check.open_ends.explain':
      'Works whose start nothing drives or whose finish drives nothing (links only into the finish, or only out of the start), except the start and finish milestones. None allowed.',
    'assistant.check.out_of_sequence': 'Out-of-sequence progress',
    'assistant.check.out_of_sequence.explain':
      'Works started or finished before a predecessor they depend on had. The logic no longer describes how the work is done. At most 5 % of started works.',
    'assistant.check.redundant_links': 'Redundant links',
    'assistant.check.redundant_links.explain':
      'Finish-to-start links that another chain of links between the same works already implies. They add nothing but clutter. At most 5 % of links.',
    'assistant.check.float_erosion': 'Float erosion',
    'assistant.check.float_erosion.explain':
      'Tasks with more than 10 working days less total float than in the approved plan: the reserve is being used up. At most 5 % of tasks.',
    'assistant.check.finish_drift': 'Finish drift',
    'assistant.check.finish_drift.explain':
      'Works to finish more than 10 working days later than approved. At most 5 % of works with an approved finish.',
    'assistant.check.over_allocation': 'Resource over-allocation',
    'assistant.check.over_allocation.explain':
      'Tasks that need a resource on a day when the plan asks more of it than it has — more units than it gives a day, or any on its days off. The works are placed on their calculated dates and the resources’ assignments spread as the histogram shows them; days before the data date are not counted, and resources without an availability never are. None allowed.',
    'assistant.over_allocation.resources':
      '{count, plural, one {# resource} other {# resources}} over-allocated',
    'assistant.summary.local': 'Summary',
    'assistant.summary.model': 'Written by the language model',
    'assistant.summary.pending': 'The language model is writing a summary…',
    'assistant.summary.all_passed': 'All {applicable} applicable checks passed.',
    'assistant.summary.failed': '{failed} of {applicable} applicable checks failed. The weakest: {worst}.',
    'assistant.check.no_volume': 'Works without volumes',
    'assistant.check.no_volume.explain':
      'Tasks without a planned volume: their progress cannot be measured by quantities. At most 5 % of tasks.',
    'assistant.check.no_executor': 'Works without executors',
    'assistant.check.no_executor.explain':
      'Tasks no contractor is named for: no one is accountable for them. At most 5 % of tasks.',
    'undo.action.assistant.decompose': 'Work decomposed',
    'assistant.decompose.section': 'Decomposition',
    'assistant.decompose.pick_work': 'Select a work in the grid to break it down into sub-works.',
    'assistant.decompose.summary_already': 'broken down already: select one of its sub-works',
    'assistant.decompose.open': 'Decompose',
    'assistant.decompose.title': 'Decompose “{name}”',
    'assistant.decompose.templates': 'Templates',
    'assistant.decompose.other_templates': 'Other templates',
    'assistant.decompose.builtin': 'Takt',
    'assistant.decompose.own': 'Space',
    'assistant.decompose.model_source': 'Language model',
    'assistant.decompose.ask_model': 'Ask the language model',
    'assistant.decompose.model_adjusted': 'The model’s durations were scaled to add up to the work’s.',
    'assistant.decompose.score': 'Match {score}',
    'assistant.decompose.reason.word': 'the name says “{word}”',
    'assistant.decompose.reason.attribute': '{attribute} says “{word}”',
    'assistant.decompose.reason.unit': 'volume in {unit}',
    'assistant.decompose.reason.floors': '{floors} floors',
    'assistant.decompose.reason.volume': 'has a volume to split',
    'assistant.decompose.no_reason': 'Nothing in the work points to it',
    'assistant.decompose.col.name': 'Sub-work',
    'assistant.decompose.col.days': 'Days',
    'assistant.decompose.col.volume': 'Volume',
    'assistant.decompose.col.unit': 'Unit',
    'assistant.decompose.col.trade': 'Trade',
    'assistant.decompose.remove_row': 'Remove the sub-work',
    'assistant.decompose.add_row': 'Add a sub-work',
    'assistant.decompose.new_row': 'New sub-work',
    'assistant.decompose.sum': 'Durations: {sum} of {days} working days',
    'assistant.decompose.sum_off': 'The durations must add up to the work’s {days} working days (now {sum}).',
    'assistant.decompose.relations':
      'Relations between the sub-works: {count}. The work’s own relations move to the first and last sub-works.',
    'assistant.decompose.preview': 'Preview',
    'assistant.decompose.trade_attribute': 'Write the trades to the attribute',
    'assistant.decompose.trade_none': 'Do not keep the trades',
    'assistant.decompose.apply': 'Apply',
    'assistant.decompose.applied': 'The work is broken down into {count} sub-works. Undo brings it back.',
    'assistant.decompose.error.summary': 'The work is a summary already: its sub-works are there.',
    'assistant.decompose.error.milestone': 'A milestone or a work without duration cannot be broken down.',
    'assistant.decompose.error.too_short': 'The work is too short for this many sub-works.',
    'assistant.decompose.error.template_unknown': 'There is no such template.',
    'assistant.decompose.error.trade_attribute':
      'Trades can only be written to a text attribute of the schedule.',
    'assistant.decompose.model.off': 'No language model is configured.',
    'assistant.decompose.model.unavailable':
      'The language model did not answer. The template’s proposal is still here.',
    'assistant.decompose.model.bad_answer':
      'The language model’s answer is not a valid decomposition. The template’s proposal is still here.',
    'assistant.decompose.issue.keys_repeat': 'Two sub-works have the same key.',
    'assistant.decompose.issue.relation_unknown': 'A relation names a sub-work that is not there.',
    'assistant.decompose.issue.relation_self': 'A sub-work cannot be linked to itself.',
    'assistant.decompose.issue.relation_repeat': 'Two sub-works are linked twice.',
    'assistant.decompose.issue.cycle': 'The relations between the sub-works form a loop.',
    'assistant.decompose.issue.shares_sum': 'The steps’ shares of the duration must add up to 100 %.',
    'assistant.decompose.issue.volume_shares_sum': 'The steps’ shares of the volume must add up to 100 %.',
    'assistant.decompose.issue.duration_sum':
      'The sub-works’ durations ({sum} days) must add up to the work’s {days} working days.',
  },
  {
    'grid.panel.assistant': 'Ассистент',
    'assistant.title': 'Ассистент',
    'assistant.analytics': 'Качество графика',
    'assistant.run': 'Проверить график',
    'assistant.running': 'Проверяем…',
    'assistant.empty': 'График ещё не проверялся.',
    'assistant.score': 'Оценка {score} из 100',
    'assistant.dcma_passed': 'DCMA: пройдено {passed} из {applicable} проверок',
    'assistant.group.dcma': 'Оценка DCMA по 14 пунктам',
    'assistant.group.extra': 'Другие проверки',
    'assistant.status.pass': 'Пройдена',
    'assistant.status.fail': 'Не пройдена',
    'assistant.status.not_applicable': 'Неприменима',
    'assistant.found': '{count} из {population}',
    'assistant.threshold': 'Порог {threshold}',
    'assistant.open_works': 'Показать работы в таблице: {count}',
    'assistant.findings': 'Замечания',
    'assistant.history': 'История',
    'assistant.compare': 'Сравнить с предыдущей проверкой',
    'assistant.improved': 'Улучшилось',
    'assistant.worsened': 'Ухудшилось',
    'assistant.unchanged': 'Без изменений',
    'assistant.score_change': 'Оценка {before} → {after}',
    'assistant.run_at': '{date}, редакция {revision}',
    'assistant.history_runs': 'Проверки',
    'assistant.history_decompositions': 'Применённые декомпозиции',
    'assistant.history_decomposition':
      '{work}: {count, plural, one {# подработа} few {# подработы} many {# подработ} other {# подработы}} · {date}, редакция {revision}',
    'assistant.decompose.manual_source': 'Вручную',
    'assistant.check.logic': 'Нет связей',
    'assistant.check.logic.explain':
      'Невыполненные задачи без предшественника или без последователя. Без обеих связей задержка задачи ни на что не влияет, и критическому пути нельзя доверять. Не больше 5 % задач.',
    'assistant.check.leads': 'Опережения',
    'assistant.check.leads.explain':
      'Связи с отрицательной задержкой: последователь может начаться раньше, чем закончится предшественник. Они скрывают реальное совмещение работ и искажают критический путь. Не допускаются.',
    'assistant.check.lags': 'Задержки',
    'assistant.check.lags.explain':
      'Связи с положительной задержкой: время ожидания, в которое никто не работает. Лучше показать его отдельной работой. Не больше 5 % связей.',
    'assistant.check.relationship_types': 'Типы связей',
    'assistant.check.relationship_types.explain':
      'Доля связей «окончание — начало». Связи «начало — начало» и «окончание — окончание» труднее отслеживать и проверять. Не меньше 90 %.',
    'assistant.check.hard_constraints': 'Жёсткие ограничения',
    'assistant.check.hard_constraints.explain':
      'Задачи, которые держит дата — начало или окончание не позднее, в дату, обязательная дата, ручное планирование, — а не связи: их сроки не сдвигаются вместе с окружающими работами. Не больше 5 % задач.',
    'assistant.check.high_float': 'Большой резерв',
    'assistant.check.high_float.explain':
      'Задачи с полным резервом больше 44 рабочих дней: обычно это пропущенная связь, а не настоящая свобода. Не больше 5 % задач.',
    'assistant.check.negative_float': 'Отрицательный резерв',
    'assistant.check.negative_float.explain':
      'Задачи с полным резервом меньше нуля: ограничение или директивный срок по плану не выдержать. Не допускаются.',
    'assistant.check.high_duration': 'Большая длительность',
    'assistant.check.high_duration.explain':
      'Задачи длиннее 44 рабочих дней: их ход трудно отслеживать, лучше разбить. Не больше 5 % задач.',
    'assistant.check.invalid_dates': 'Недопустимые даты',
    'assistant.check.invalid_dates.explain':
      'Фактические даты позже даты актуализации или плановые даты невыполненной работы раньше неё. Ни то ни другое не может быть правдой. Не допускаются.',
    'assistant.check.resources': 'Ресурсы',
    'assistant.check.resources.explain':
      'Задачи с длительностью без назначенных ресурсов: график не говорит, кто и чем их выполняет. Не допускаются.',
    'assistant.check.missed_tasks': 'Сорванные задачи',
    'assistant.check.missed_tasks.explain':
      'Задачи, которые по утверждённому плану должны были закончиться к дате актуализации, но не закончены или закончены позже. Не больше 5 % из них.',
    'assistant.check.critical_path_test': 'Проверка критического пути',
    'assistant.check.critical_path_test.explain':
      'К первой критической задаче добавляется большая задержка (600 рабочих дней); окончание проекта должно сдвинуться на столько же. Если нет — критический путь где-то разорван.',
    'assistant.check.cpli': 'Индекс длины критического пути (CPLI)',
    'assistant.check.cpli.explain':
      'Длина критического пути плюс его резерв до директивного срока (окончание не позднее, иначе утверждённое окончание), делённые на длину. Меньше 1 — срок под угрозой. Не меньше 0,95.',
    'assistant.check.bei': 'Индекс выполнения плана (BEI)',
    'assistant.check.bei.explain':
      'Законченные задачи, делённые на задачи, которые по утверждённому плану должны были закончиться к дате актуализации. Меньше 1 — работа отстаёт от плана. Не меньше 0,95.',
    'assistant.check.open_ends': 'Незамкнутые работы',
    'assistant.check.open_ends.explain':
      'Работы, начало которых ничем не определяется или окончание которых ни на что не влияет (связи только в окончание или только из начала), кроме вех начала и окончания. Не допускаются.',
    'assistant.check.out_of_sequence': 'Нарушение последовательности',
    'assistant.check.out_of_sequence.explain':
      'Работы начаты или закончены раньше, чем предшественник, от которого они зависят. Связи больше не описывают, как идёт работа. Не больше 5 % начатых работ.',
    'assistant.check.redundant_links': 'Лишние связи',
    'assistant.check.redundant_links.explain':
      'Связи «окончание — начало», которые уже следуют из другой цепочки связей между теми же работами. Они ничего не добавляют, только загромождают график. Не больше 5 % связей.',
    'assistant.check.float_erosion': 'Расход резерва',
    'assistant.check.float_erosion.explain':
      'Задачи, у которых полный резерв меньше, чем в утверждённом плане, больше чем на 10 рабочих дней: запас расходуется. Не больше 5 % задач.',
    'assistant.check.finish_drift': 'Сдвиг окончания',
    'assistant.check.finish_drift.explain':
      'Работы, которые закончатся позже утверждённого срока больше чем на 10 рабочих дней. Не больше 5 % работ с утверждённым окончанием.',
    'assistant.check.over_allocation': 'Перегрузка ресурсов',
    'assistant.check.over_allocation.explain':
      'Задачи, которым нужен ресурс в день, когда план требует от него больше, чем он может дать, — больше единиц, чем его доступность в день, или хоть сколько-то в его нерабочий день. Работы стоят на рассчитанных датах, назначения распределены так же, как на гистограмме; дни до даты актуализации не считаются, ресурсы без заданной доступности не перегружаются никогда. Не допускается.',
    'assistant.over_allocation.resources':
      '{count, plural, one {перегружен # ресурс} few {перегружено # ресурса} other {перегружено # ресурсов}}',
    'assistant.summary.local': 'Итог',
    'assistant.summary.model': 'Написано языковой моделью',
    'assistant.summary.pending': 'Языковая модель пишет итог…',
    'assistant.summary.all_passed': 'Все применимые проверки ({applicable}) пройдены.',
    'assistant.summary.failed': 'Не пройдено проверок: {failed} из {applicable}. Слабее всего: {worst}.',
    'assistant.check.no_volume': 'Работы без объёмов',
    'assistant.check.no_volume.explain':
      'Задачи без планового объёма: их выполнение нельзя измерить в физических величинах. Не больше 5 % задач.',
    'assistant.check.no_executor': 'Работы без исполнителя',
    'assistant.check.no_executor.explain':
      'Задачи, для которых не назначен исполнитель: за них никто не отвечает. Не больше 5 % задач.',
    'undo.action.assistant.decompose': 'Работа разбита на подработы',
    'assistant.decompose.section': 'Декомпозиция',
    'assistant.decompose.pick_work': 'Выберите работу в таблице, чтобы разбить её на подработы.',
    'assistant.decompose.summary_already': 'уже разбита: выберите одну из её подработ',
    'assistant.decompose.open': 'Декомпозировать',
    'assistant.decompose.title': 'Декомпозиция «{name}»',
    'assistant.decompose.templates': 'Шаблоны',
    'assistant.decompose.other_templates': 'Другие шаблоны',
    'assistant.decompose.builtin': 'Такт',
    'assistant.decompose.own': 'Пространство',
    'assistant.decompose.model_source': 'Языковая модель',
    'assistant.decompose.ask_model': 'Спросить языковую модель',
    'assistant.decompose.model_adjusted':
      'Длительности модели пересчитаны, чтобы в сумме дать длительность работы.',
    'assistant.decompose.score': 'Совпадение {score}',
    'assistant.decompose.reason.word': 'в названии «{word}»',
    'assistant.decompose.reason.attribute': '{attribute}: «{word}»',
    'assistant.decompose.reason.unit': 'объём в {unit}',
    'assistant.decompose.reason.floors': 'этажей: {floors}',
    'assistant.decompose.reason.volume': 'есть объём для разделения',
    'assistant.decompose.no_reason': 'В работе ничто на него не указывает',
    'assistant.decompose.col.name': 'Подработа',
    'assistant.decompose.col.days': 'Дни',
    'assistant.decompose.col.volume': 'Объём',
    'assistant.decompose.col.unit': 'Ед.',
    'assistant.decompose.col.trade': 'Специальность',
    'assistant.decompose.remove_row': 'Удалить подработу',
    'assistant.decompose.add_row': 'Добавить подработу',
    'assistant.decompose.new_row': 'Новая подработа',
    'assistant.decompose.sum': 'Длительности: {sum} из {days} рабочих дней',
    'assistant.decompose.sum_off':
      'Сумма длительностей должна быть равна длительности работы — {days} раб. дн. (сейчас {sum}).',
    'assistant.decompose.relations':
      'Связей между подработами: {count}. Связи самой работы перейдут на первые и последние подработы.',
    'assistant.decompose.preview': 'Предпросмотр',
    'assistant.decompose.trade_attribute': 'Записать специальности в атрибут',
    'assistant.decompose.trade_none': 'Не сохранять специальности',
    'assistant.decompose.apply': 'Применить',
    'assistant.decompose.applied': 'Работа разбита на подработы: {count}. Отмена вернёт как было.',
    'assistant.decompose.error.summary': 'Работа уже суммарная: подработы у неё есть.',
    'assistant.decompose.error.milestone': 'Веху или работу без длительности нельзя разбить.',
    'assistant.decompose.error.too_short': 'Работа слишком коротка для стольких подработ.',
    'assistant.decompose.error.template_unknown': 'Такого шаблона нет.',
    'assistant.decompose.error.trade_attribute':
      'Специальности можно записать только в текстовый атрибут графика.',
    'assistant.decompose.model.off': 'Языковая модель не настроена.',
    'assistant.decompose.model.unavailable': 'Языковая модель не ответила. Предложение по шаблону остаётся.',
    'assistant.decompose.model.bad_answer':
      'Ответ языковой модели — не допустимая декомпозиция. Предложение по шаблону остаётся.',
    'assistant.decompose.issue.keys_repeat': 'У двух подработ одинаковый ключ.',
    'assistant.decompose.issue.relation_unknown': 'Связь указывает на подработу, которой нет.',
    'assistant.decompose.issue.relation_self': 'Подработу нельзя связать с ней самой.',
    'assistant.decompose.issue.relation_repeat': 'Две подработы связаны дважды.',
    'assistant.decompose.issue.cycle': 'Связи между подработами образуют цикл.',
    'assistant.decompose.issue.shares_sum': 'Доли шагов в длительности должны давать в сумме 100 %.',
    'assistant.decompose.issue.volume_shares_sum': 'Доли шагов в объёме должны давать в сумме 100 %.',
    'assistant.decompose.issue.duration_sum':
      'Сумма длительностей подработ ({sum} дн.) должна быть равна длительности работы — {days} раб. дн.',
  },
);
