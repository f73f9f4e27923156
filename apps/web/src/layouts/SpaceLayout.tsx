import { type ReactNode, useEffect, useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { Avatar } from '../components/avatar';
import { Icon, Logo } from '../components/icons';
import { LanguageSwitcher, ThemeToggle } from '../components/preferences';
import { StatusPanel } from '../components/status-panel';
import { Badge, IconButton, Spinner } from '../components/ui';
import { signOut } from '../lib/auth';
import { useT } from '../lib/i18n';
import { isUuid } from '../lib/ids';
import { rememberSpace, setIdleTimeoutMinutes, useToken } from '../lib/session';
import { useSpaceTexts } from '../lib/space-texts';
import { trpc } from '../lib/trpc';
import { ChatNavBadge } from '../screens/chat/ChatNavBadge';
import { ChatToasts } from '../screens/chat/ChatToasts';
import { NotFoundPage } from '../screens/not-found/NotFoundPage';
import { NoticesBell } from '../screens/notices/NoticesBell';
import { GuestLayout } from './GuestLayout';
import { SpaceContext } from './space-context';
import { SPACE_SCREENS } from './space-screens';

/** Lays the space's own wording of texts over the catalogue (a component, for it needs the space). */
function SpaceTexts() {
  useSpaceTexts();
  return null;
}

/** The main layout of a space: navigation of the space screens, the user menu, the screen. */
export function SpaceLayout({ spaceId, children }: { spaceId: string; children: ReactNode }) {
  const token = useToken();
  if (!isUuid(spaceId)) {
    return (
      <GuestLayout>
        <NotFoundPage />
      </GuestLayout>
    );
  }
  if (!token) return <Redirect to="~/auth/login" replace />;
  return <SignedInSpace spaceId={spaceId}>{children}</SignedInSpace>;
}

function SignedInSpace({ spaceId, children }: { spaceId: string; children: ReactNode }) {
  const t = useT();
  const config = trpc.users.spaceConfig.useQuery({ spaceId });
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();

  useEffect(() => {
    if (!config.data) return;
    rememberSpace(spaceId);
    setIdleTimeoutMinutes(config.data.settings.idleTimeoutMinutes);
  }, [config.data, spaceId]);
  useEffect(() => () => setIdleTimeoutMinutes(null), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes on every navigation
  useEffect(() => setMenuOpen(false), [location]);

  if (config.isError) {
    // Access, licence and connection failures have already navigated away; anything else lands here.
    return (
      <GuestLayout>
        <StatusPanel
          icon="alert"
          tone="danger"
          title={t('errors.UnknownException')}
          link={{ href: '~/auth/select-space', label: t('error_page.choose_space') }}
        />
      </GuestLayout>
    );
  }
  if (!config.data) {
    return (
      <div className="app-loading">
        <Spinner />
      </div>
    );
  }
  const space = config.data.space;
  const navScreens = SPACE_SCREENS.filter((s) => s.nav);
  const isActive = (path: string) =>
    path === '/' ? location === '/' || location === '' : location.startsWith(path);

  return (
    <SpaceContext.Provider value={{ spaceId, config: config.data }}>
      <SpaceTexts />
      <div className={`shell${menuOpen ? ' shell-menu-open' : ''}`}>
        <aside className="sidebar" aria-label={t('layout.navigation')}>
          <Link href="/" className="brand sidebar-brand">
            <Logo />
            <span className="brand-name">{t('app.name')}</span>
          </Link>
          <div className="space-chip">
            <div className="space-chip-name" title={space.name}>
              {space.name}
            </div>
            <Badge tone={space.kind === 'licensed' ? 'accent' : 'neutral'}>
              {t(`space_kind.${space.kind}`)}
            </Badge>
          </div>
          <nav className="nav">
            {navScreens.map((screen) => {
              const path = screen.paths[0] ?? '/';
              return (
                <Link
                  key={screen.key}
                  href={path}
                  className={`nav-item${isActive(path) ? ' nav-item-active' : ''}`}
                  aria-current={isActive(path) ? 'page' : undefined}
                >
                  <Icon name={screen.icon} />
                  <span className="nav-label">{t(screen.title)}</span>
                  {screen.unavailable && <span className="nav-later">{t('layout.soon')}</span>}
                  {screen.key === 'chat' && <ChatNavBadge />}
                </Link>
              );
            })}
          </nav>
          <Link href="~/auth/select-space" className="nav-item sidebar-switch">
            <Icon name="swap" />
            <span className="nav-label">{t('layout.switch_space')}</span>
          </Link>
        </aside>
        <button
          type="button"
          className="sidebar-scrim"
          aria-label={t('common.close')}
          onClick={() => setMenuOpen(false)}
        />
        <div className="workspace">
          <header className="topbar">
            <button
              type="button"
              className="icon-btn topbar-menu"
              aria-label={t('layout.menu')}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Icon name="menu" />
            </button>
            <div className="topbar-space">{space.name}</div>
            <div className="topbar-tools">
              <NoticesBell />
              <LanguageSwitcher />
              <ThemeToggle />
              {me.data && (
                <Link href="/profile" className="user-chip">
                  <Avatar user={me.data} size={28} />
                  <span className="user-chip-name">
                    {me.data.firstName} {me.data.lastName}
                  </span>
                </Link>
              )}
              <IconButton icon="logout" label={t('layout.sign_out')} onClick={() => void signOut('logout')} />
            </div>
          </header>
          <main className="content">{children}</main>
        </div>
      </div>
      <ChatToasts />
    </SpaceContext.Provider>
  );
}
