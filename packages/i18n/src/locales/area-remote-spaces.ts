import { area } from './area';

/** Messages of remote spaces: copying a space from another Takt server (English, Russian). */
export const remoteSpacesMessages = area(
  {
    'remote.open': 'Copy from another Takt server',
    'remote.title': 'Copy a space from another Takt server',
    'remote.intro':
      'Give the other server’s address and your access token there. A space you administer there is copied here as a new space with its files, and you administer the copy.',
    'remote.url': 'Server address',
    'remote.token': 'Access token there',
    'remote.token_hint':
      'The token of your session on that server (its sign-in answers it). It is used for this copy only and is never kept.',
    'remote.list': 'Show its spaces',
    'remote.spaces': 'Spaces there',
    'remote.no_spaces': 'You have no spaces there.',
    'remote.not_admin': 'only its administrator may copy it',
    'remote.name': 'Name of the copy here',
    'remote.copy': 'Copy here',
    'remote.copying': 'Copying… {progress}%',
    'remote.done': 'The space “{name}” is copied here.',
    'remote.skipped': '{count} rows were left out: they belong to people who have no account here.',
    'remote.open_space': 'Open the copy',
    'remote.close': 'Close',
    'remote.validation.url':
      'An address starting with http:// or https://, with no user name or password in it',
    'errors.RemoteUnreachable': 'The other Takt server does not answer at this address ({reason})',
    'errors.RemoteTlsError': 'The other Takt server’s certificate was not accepted ({reason})',
    'errors.RemoteNotTakt': 'No Takt server answers at this address',
    'errors.RemoteTokenRefused':
      'The other Takt server refused the token: sign in there again and use the new token',
    'errors.RemoteNotAllowed':
      'You may not copy this space: only an administrator of the space on the other server may',
    'errors.RemoteBackupFailed': 'The other Takt server could not take the space’s backup',
    'errors.RemoteArchiveTooLarge':
      'The space’s archive is larger than {limit} MB, the most this server copies from another',
  },
  {
    'remote.open': 'Скопировать с другого сервера Takt',
    'remote.title': 'Копирование пространства с другого сервера Takt',
    'remote.intro':
      'Укажите адрес другого сервера и ваш токен доступа на нём. Пространство, которым вы там управляете, копируется сюда как новое пространство вместе с файлами, и вы становитесь администратором копии.',
    'remote.url': 'Адрес сервера',
    'remote.token': 'Токен доступа на нём',
    'remote.token_hint':
      'Токен вашего сеанса на том сервере (его выдаёт вход в систему). Он используется только для этого копирования и нигде не хранится.',
    'remote.list': 'Показать его пространства',
    'remote.spaces': 'Пространства на нём',
    'remote.no_spaces': 'У вас там нет пространств.',
    'remote.not_admin': 'скопировать может только его администратор',
    'remote.name': 'Название копии здесь',
    'remote.copy': 'Скопировать сюда',
    'remote.copying': 'Копирование… {progress}%',
    'remote.done': 'Пространство «{name}» скопировано сюда.',
    'remote.skipped': 'Пропущено строк: {count} — они относятся к людям, у которых здесь нет учётной записи.',
    'remote.open_space': 'Открыть копию',
    'remote.close': 'Закрыть',
    'remote.validation.url': 'Адрес, начинающийся с http:// или https://, без имени пользователя и пароля',
    'errors.RemoteUnreachable': 'Другой сервер Takt не отвечает по этому адресу ({reason})',
    'errors.RemoteTlsError': 'Сертификат другого сервера Takt не принят ({reason})',
    'errors.RemoteNotTakt': 'По этому адресу не отвечает сервер Takt',
    'errors.RemoteTokenRefused': 'Другой сервер Takt отклонил токен: войдите там снова и укажите новый токен',
    'errors.RemoteNotAllowed':
      'Вы не можете скопировать это пространство: это может только его администратор на другом сервере',
    'errors.RemoteBackupFailed': 'Другому серверу Takt не удалось создать резервную копию пространства',
    'errors.RemoteArchiveTooLarge':
      'Архив пространства больше {limit} МБ — больше, чем этот сервер копирует с другого',
  },
);
