import { area } from './area';

/**
 * Messages of the sign-in area (English, Russian): password strength, the throttles' waits, sign-in with
 * the company directory and its administration.
 */
export const authMessages = area(
  {
    'validation.password_weak':
      'The password is too easy to guess. Use a longer phrase of several unrelated words, digits or signs',
    'validation.password_like_personal': 'The password must not repeat the login, email or name',
    'errors.SignInProviderNotConfigured': 'This way of signing in is not set up on this server',
    'errors.ExternalSignInFailed':
      'The sign-in through your company directory could not be confirmed. Start it again from the sign-in page',
    'errors.ExternalAccountNotFound':
      'Your company directory account is not linked to a Takt account, and new accounts are not created from it. Ask your administrator',
    'auth.external.or': 'or',
    'auth.external.sign_in_with': 'Sign in with {label}',
    'auth.external.finishing': 'Finishing the sign-in…',
    'auth.external.failed_title': 'Sign-in failed',
    'auth.external.back': 'Back to sign-in',
    'admin.tab.signin': 'Sign-in providers',
    'signin_admin.intro':
      'How people sign in with the company directory on this whole server. Password sign-in always stays available.',
    'signin_admin.slot.openidconnect': 'OpenID Connect',
    'signin_admin.slot.openid': 'OpenID (second provider)',
    'signin_admin.slot.adfs': 'ADFS (SAML 2.0)',
    'signin_admin.slot.kerberos': 'Kerberos (Windows sign-in)',
    'signin_admin.enabled': 'Offer on the sign-in page',
    'signin_admin.label': 'Button text',
    'signin_admin.accounts': 'Unknown directory accounts',
    'signin_admin.accounts.create': 'Create a Takt account on first sign-in',
    'signin_admin.accounts.link': 'Only link to existing accounts (by email or login)',
    'signin_admin.issuer': 'Issuer URL (discovery)',
    'signin_admin.client_id': 'Client id',
    'signin_admin.client_secret': 'Client secret',
    'signin_admin.client_secret_kept': 'A secret is stored; leave empty to keep it',
    'signin_admin.scopes': 'Scopes',
    'signin_admin.login_claim': 'Claim with the login',
    'signin_admin.email_claim': 'Claim with the email',
    'signin_admin.entry_point': 'Identity provider sign-in URL',
    'signin_admin.idp_certificate': 'Identity provider signing certificate (PEM)',
    'signin_admin.entity_id': 'Our entity id (audience)',
    'signin_admin.service_principal': 'Service principal (HTTP@host)',
    'signin_admin.realm': 'Realm',
    'signin_admin.callback': 'Address to register at the provider: {url}',
    'signin_admin.from_environment': 'Set by the server environment; change it there',
    'signin_admin.save': 'Save',
    'signin_admin.saved': 'Sign-in provider saved',
  },
  {
    'validation.password_weak':
      'Пароль слишком легко подобрать. Используйте более длинную фразу из нескольких не связанных слов, цифр или знаков',
    'validation.password_like_personal': 'Пароль не должен повторять логин, адрес электронной почты или имя',
    'errors.SignInProviderNotConfigured': 'Этот способ входа не настроен на сервере',
    'errors.ExternalSignInFailed':
      'Не удалось подтвердить вход через корпоративный каталог. Начните вход заново со страницы входа',
    'errors.ExternalAccountNotFound':
      'Ваша учётная запись корпоративного каталога не связана с учётной записью Такт, а новые из каталога не создаются. Обратитесь к администратору',
    'auth.external.or': 'или',
    'auth.external.sign_in_with': 'Войти через {label}',
    'auth.external.finishing': 'Завершаем вход…',
    'auth.external.failed_title': 'Вход не выполнен',
    'auth.external.back': 'Вернуться ко входу',
    'admin.tab.signin': 'Способы входа',
    'signin_admin.intro':
      'Как входят через корпоративный каталог на всём сервере. Вход по паролю остаётся доступен всегда.',
    'signin_admin.slot.openidconnect': 'OpenID Connect',
    'signin_admin.slot.openid': 'OpenID (второй провайдер)',
    'signin_admin.slot.adfs': 'ADFS (SAML 2.0)',
    'signin_admin.slot.kerberos': 'Kerberos (вход Windows)',
    'signin_admin.enabled': 'Показывать на странице входа',
    'signin_admin.label': 'Текст кнопки',
    'signin_admin.accounts': 'Неизвестные учётные записи каталога',
    'signin_admin.accounts.create': 'Создавать учётную запись Такт при первом входе',
    'signin_admin.accounts.link': 'Только связывать с существующими (по почте или логину)',
    'signin_admin.issuer': 'Адрес издателя (discovery)',
    'signin_admin.client_id': 'Идентификатор клиента',
    'signin_admin.client_secret': 'Секрет клиента',
    'signin_admin.client_secret_kept': 'Секрет сохранён; оставьте пустым, чтобы не менять',
    'signin_admin.scopes': 'Области доступа (scopes)',
    'signin_admin.login_claim': 'Утверждение с логином',
    'signin_admin.email_claim': 'Утверждение с почтой',
    'signin_admin.entry_point': 'Адрес входа провайдера удостоверений',
    'signin_admin.idp_certificate': 'Сертификат подписи провайдера (PEM)',
    'signin_admin.entity_id': 'Наш идентификатор (аудитория)',
    'signin_admin.service_principal': 'Принципал службы (HTTP@host)',
    'signin_admin.realm': 'Область (realm)',
    'signin_admin.callback': 'Адрес для регистрации у провайдера: {url}',
    'signin_admin.from_environment': 'Задано окружением сервера; меняйте там',
    'signin_admin.save': 'Сохранить',
    'signin_admin.saved': 'Способ входа сохранён',
  },
);
