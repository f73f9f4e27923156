import { area } from './area';

/** Messages of the bim area (English, Russian). */
export const bimMessages = area(
  {
    'bim.profile.install': 'Installation',
    'bim.profile.remove': 'Removal',
    'bim.profile.temporary': 'Temporary',
    'bim.profile.maintain': 'Maintenance',
    'bim.profile.neutral': 'Neutral',
    'bim.error.profile_name_taken': 'A profile with this name already exists',
  },
  {
    'bim.profile.install': 'Монтаж',
    'bim.profile.remove': 'Демонтаж',
    'bim.profile.temporary': 'Временные',
    'bim.profile.maintain': 'Обслуживание',
    'bim.profile.neutral': 'Нейтральный',
    'bim.error.profile_name_taken': 'Профиль с таким именем уже существует',
  },
);
