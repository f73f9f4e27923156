import { area } from './area';

/** Messages of the resources area (English, Russian). */
export const resourcesMessages = area(
  {
    // ── errors (ERROR_CODES of the resources area) ───────────────────────────────────────────────
    'errors.ResourceInUse': 'The resource is assigned to works and cannot be deleted',
    'errors.AssignmentExists': 'This resource is already assigned to the work',
    'errors.VolumeMissing':
      'No volume is set for the works {codes}{more, plural, =0 {} one { and # more} other { and # more}}',
    'errors.CostAttributesMissing':
      'Costs were not calculated: choose the money attributes for plan and fact costs in the resource settings',
    'errors.WdpLimitExceeded':
      'The daily plan and facts of {code} ({planned}) exceed the planned volume of the work ({limit})',
    'errors.TimesheetSubmitted': 'The timesheet for {date} is submitted and can no longer be changed',
    'errors.TimesheetHoursExceeded': 'More than 24 hours are entered for {date}',
    'errors.NotCurator': 'Only the curator of the work can accept its timesheet',

    // ── validation ───────────────────────────────────────────────────────────────────────────────
    'resources.validation.period_order': 'The end of the period is before its start',
    'resources.validation.lag_required': 'Enter the lag for the allocation by lag',
    'resources.validation.period_required': 'Choose the period for the allocation by period',
    'resources.validation.follows_required': 'Choose the volume the allocation follows',
    'resources.validation.range_order': 'The end date is before the start date',
    'resources.validation.range_too_long': 'The range of dates is too long',
    'resources.validation.cost_attribute': 'Choose an attribute of the money or number type',
    'resources.code_taken': 'This code is already used by another resource',
    'resources.specialty_name_taken': 'A specialty with this name already exists',
  },
  {
    'errors.ResourceInUse': 'Ресурс назначен на работы и не может быть удалён',
    'errors.AssignmentExists': 'Этот ресурс уже назначен на работу',
    'errors.VolumeMissing':
      'Не задан объём у работ {codes}{more, plural, =0 {} one { и ещё #} few { и ещё #} many { и ещё #} other { и ещё #}}',
    'errors.CostAttributesMissing':
      'Стоимость не рассчитана: выберите денежные атрибуты плановой и фактической стоимости в настройках ресурсов',
    'errors.WdpLimitExceeded':
      'Суточный план и факт работы {code} ({planned}) превышают плановый объём работы ({limit})',
    'errors.TimesheetSubmitted': 'Табель за {date} отправлен и больше не может быть изменён',
    'errors.TimesheetHoursExceeded': 'За {date} введено больше 24 часов',
    'errors.NotCurator': 'Принять табель по работе может только её куратор',

    'resources.validation.period_order': 'Конец периода раньше его начала',
    'resources.validation.lag_required': 'Введите задержку для распределения с задержкой',
    'resources.validation.period_required': 'Выберите период для распределения по периодам',
    'resources.validation.follows_required': 'Выберите объём, за которым следует распределение',
    'resources.validation.range_order': 'Дата окончания раньше даты начала',
    'resources.validation.range_too_long': 'Слишком длинный диапазон дат',
    'resources.validation.cost_attribute': 'Выберите атрибут денежного или числового типа',
    'resources.code_taken': 'Этот код уже занят другим ресурсом',
    'resources.specialty_name_taken': 'Специальность с таким названием уже есть',
  },
);
