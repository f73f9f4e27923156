import { area } from './area';

// Where a file problem is: line, element (XER table / XML element) and field, each left out when absent (`none`).
const AT_EN =
  '{line, select, none {} other {, line {line}}}{element, select, none {} other {, {element}}}{field, select, none {} other {, field {field}}}';
const AT_RU =
  '{line, select, none {} other {, строка {line}}}{element, select, none {} other {, {element}}}{field, select, none {} other {, поле {field}}}';

/** Messages of the interchange area (English, Russian): file import and export. */
export const interchangeMessages = area(
  {
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
