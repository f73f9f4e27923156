import { area } from './area';

// Where a file problem is: line, element (XER table / XML element) and field, each left out when absent (`none`).
const AT_EN =
  '{line, select, none {} other {, line {line}}}{element, select, none {} other {, {element}}}{field, select, none {} other {, field {field}}}';
const AT_RU =
  '{line, select, none {} other {, строка {line}}}{element, select, none {} other {, {element}}}{field, select, none {} other {, поле {field}}}';

/** Spreadsheet import (upload rules), volume codes (spec §8) and the Takt archive — English. */
const FORMATS_EN = {
  'interchange.tabular.empty_row': 'Empty row',
  'interchange.tabular.no_name': 'The row has no work name',
  'interchange.tabular.bad_date': '"{value}" is not a date in the format {format}',
  'interchange.tabular.date_range': 'Date {value} is outside the years 2000–2050',
  'interchange.tabular.bad_number': '"{value}" is not a number',
  'interchange.tabular.negative': '{value} is below zero',
  'interchange.tabular.bad_percent': '{value} is not a percentage from 0 to 100',
  'interchange.tabular.bad_duration': '"{value}" is not a duration (like 5, 5d, 40h, 2w)',
  'interchange.tabular.bad_type': '"{value}" is not a work type (task, milestone, summary)',
  'interchange.tabular.unknown_calendar': 'There is no calendar named "{value}"',
  'interchange.tabular.bad_predecessor': '"{value}" is not a predecessor (like A10, A10FS+2d or A20SS)',
  'interchange.tabular.unknown_predecessor': 'There is no work with code {value}',
  'interchange.tabular.self_predecessor': 'Work {value} cannot be its own predecessor',
  'interchange.tabular.unknown_parent': 'There is no work with code {value} to be the parent',
  'interchange.tabular.bad_level':
    'Level {value} does not follow the row above (levels go one step deeper at a time)',
  'interchange.tabular.parent_cycle': 'Work {value} ends up inside itself (the parent codes form a loop)',
  'interchange.tabular.too_long': '{value} characters, at most {max} allowed',
  'interchange.tabular.duplicate_code': 'Code {value} is already used in row {row}',
  'interchange.tabular.finish_before_start': 'The finish {value} is before the start',
  'interchange.tabular.actual_finish_without_start': 'An actual finish needs an actual start',
  'interchange.tabular.unknown_column': 'The rule names column "{column}", which the file does not have',
  'interchange.tabular.no_name_column': 'The rule maps no column to the work name',
  'interchange.tabular.no_header': 'After skipping {count} rows the file has no header row',
  'interchange.tabular.no_rows': 'The file has no works to import',
  'interchange.tabular.no_start': 'No start date: map a start column or set the project start',
  'interchange.tabular.problem_at': 'Row {row}, column {column}: {problem}',
  'interchange.tabular.more_problems': 'more problems: {count}',
  'interchange.missing_volume_codes': 'No works with these codes, their volumes were not loaded: {codes}',
  'interchange.missing_volume_codes_more':
    'No works with these codes, their volumes were not loaded: {codes} and {count} more',
  'interchange.archive.not_archive': 'This is not a Takt archive (no manifest.json)',
  'interchange.archive.newer_version':
    'The archive has format version {version}; this Takt reads version {supported}. Update Takt to open it',
  'interchange.archive.broken_entry': 'The archive part {entry} is damaged: {reason}',
  'interchange.archive.missing_entry': 'The archive has no {entry}',
} as const;

const FORMATS_RU: { [K in keyof typeof FORMATS_EN]: string } = {
  'interchange.tabular.empty_row': 'Пустая строка',
  'interchange.tabular.no_name': 'В строке нет наименования работы',
  'interchange.tabular.bad_date': '«{value}» — не дата в формате {format}',
  'interchange.tabular.date_range': 'Дата {value} вне диапазона 2000–2050 годов',
  'interchange.tabular.bad_number': '«{value}» — не число',
  'interchange.tabular.negative': '{value} меньше нуля',
  'interchange.tabular.bad_percent': '{value} — не процент от 0 до 100',
  'interchange.tabular.bad_duration': '«{value}» — не длительность (например 5, 5д, 40ч, 2н)',
  'interchange.tabular.bad_type': '«{value}» — не тип работы (задача, веха, суммарная)',
  'interchange.tabular.unknown_calendar': 'Нет календаря с названием «{value}»',
  'interchange.tabular.bad_predecessor': '«{value}» — не предшественник (например A10, A10ОН+2д или A20НН)',
  'interchange.tabular.unknown_predecessor': 'Нет работы с кодом {value}',
  'interchange.tabular.self_predecessor': 'Работа {value} не может быть своим предшественником',
  'interchange.tabular.unknown_parent': 'Нет работы с кодом {value}, которая была бы родительской',
  'interchange.tabular.bad_level':
    'Уровень {value} не следует за строкой выше (уровни углубляются по одному)',
  'interchange.tabular.parent_cycle':
    'Работа {value} оказывается внутри самой себя (родительские коды образуют цикл)',
  'interchange.tabular.too_long': 'Символов: {value}, допустимо не больше {max}',
  'interchange.tabular.duplicate_code': 'Код {value} уже используется в строке {row}',
  'interchange.tabular.finish_before_start': 'Окончание {value} раньше начала',
  'interchange.tabular.actual_finish_without_start': 'Для фактического окончания нужно фактическое начало',
  'interchange.tabular.unknown_column': 'В правиле указан столбец «{column}», которого нет в файле',
  'interchange.tabular.no_name_column': 'В правиле нет столбца с наименованием работы',
  'interchange.tabular.no_header': 'После пропуска строк ({count}) в файле нет строки заголовков',
  'interchange.tabular.no_rows': 'В файле нет работ для загрузки',
  'interchange.tabular.no_start': 'Нет даты начала: укажите столбец начала или задайте начало проекта',
  'interchange.tabular.problem_at': 'Строка {row}, столбец {column}: {problem}',
  'interchange.tabular.more_problems': 'ещё проблем: {count}',
  'interchange.missing_volume_codes': 'Нет работ с такими кодами, объёмы не загружены: {codes}',
  'interchange.missing_volume_codes_more':
    'Нет работ с такими кодами, объёмы не загружены: {codes} и ещё {count}',
  'interchange.archive.not_archive': 'Это не архив Takt (нет manifest.json)',
  'interchange.archive.newer_version':
    'Архив имеет версию формата {version}, а эта версия Takt читает версию {supported}. Обновите Takt, чтобы открыть его',
  'interchange.archive.broken_entry': 'Часть архива {entry} повреждена: {reason}',
  'interchange.archive.missing_entry': 'В архиве нет {entry}',
};

/** Messages of the interchange area (English, Russian): file import and export. */
export const interchangeMessages = area(
  {
    ...FORMATS_EN,
    'import.error.truncated': `The file is incomplete${AT_EN}: {detail}`,
    'import.error.encoding': `The file's encoding cannot be read (UTF-8 or Windows-1251 expected)${AT_EN}: {detail}`,
    'import.error.syntax': `The file is damaged or not in the expected format${AT_EN}: {detail}`,
    'import.error.duplicate_id': `An identifier occurs twice${AT_EN}: {detail}`,
    'import.error.dangling_relation': `A relation refers to an activity that is not in the file${AT_EN}: {detail}`,
    'import.error.cycle': `The relations form a cycle${AT_EN}: {detail}`,
    'import.error.invalid_value': `A value is not valid${AT_EN}: {detail}`,
    'import.error.missing_value': `A required value is missing${AT_EN}: {detail}`,
    'import.error.unsupported_format': `This file format is not supported${AT_EN}: {detail}`,
    'import.error.rule_required': 'Choose an upload rule to read a spreadsheet',
    'import.rule.name_taken': 'A rule with this name already exists',
  },
  {
    ...FORMATS_RU,
    'import.error.truncated': `Файл неполный${AT_RU}: {detail}`,
    'import.error.encoding': `Не удаётся прочитать кодировку файла (ожидается UTF-8 или Windows-1251)${AT_RU}: {detail}`,
    'import.error.syntax': `Файл повреждён или имеет неверный формат${AT_RU}: {detail}`,
    'import.error.duplicate_id': `Идентификатор встречается дважды${AT_RU}: {detail}`,
    'import.error.dangling_relation': `Связь ссылается на работу, которой нет в файле${AT_RU}: {detail}`,
    'import.error.cycle': `Связи образуют цикл${AT_RU}: {detail}`,
    'import.error.invalid_value': `Недопустимое значение${AT_RU}: {detail}`,
    'import.error.missing_value': `Не заполнено обязательное значение${AT_RU}: {detail}`,
    'import.error.unsupported_format': `Формат файла не поддерживается${AT_RU}: {detail}`,
    'import.error.rule_required': 'Выберите правило загрузки, чтобы прочитать таблицу',
    'import.rule.name_taken': 'Правило с таким названием уже существует',
  },
);
