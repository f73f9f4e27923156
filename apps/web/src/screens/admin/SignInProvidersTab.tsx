import type { SignInProviderSettings, SignInProviderView, SignInSlot } from '@takt/contracts';
import type { MessageId } from '@takt/i18n';
import { useState } from 'react';
import { FormCard } from '../../components/form-card';
import { PasswordField, SelectField, Spinner, Switch, TextArea, TextField } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';

/**
 * The deployment's sign-in providers (company directory): one card per slot of the API, with the
 * settings of its protocol. A slot the server's environment sets is shown read-only.
 */
export function SignInProvidersTab() {
  const t = useT();
  const providers = trpc.auth.providerSettings.useQuery();
  if (!providers.data) return <Spinner />;
  return (
    <div className="stack" data-testid="sign-in-providers">
      <p className="muted">{t('signin_admin.intro')}</p>
      {providers.data.map((provider) => (
        <ProviderCard key={`${provider.slot}:${provider.revision}`} provider={provider} />
      ))}
    </div>
  );
}

type Field = Exclude<keyof SignInProviderSettings, 'enabled' | 'label' | 'accountPolicy' | 'clientSecret'>;

/** The settings each protocol asks for, in the order they are shown. */
const FIELDS: Record<SignInProviderView['protocol'], { field: Field; label: MessageId; long?: boolean }[]> = {
  oidc: [
    { field: 'issuer', label: 'signin_admin.issuer' },
    { field: 'clientId', label: 'signin_admin.client_id' },
    { field: 'scopes', label: 'signin_admin.scopes' },
    { field: 'loginClaim', label: 'signin_admin.login_claim' },
    { field: 'emailClaim', label: 'signin_admin.email_claim' },
  ],
  saml: [
    { field: 'entryPoint', label: 'signin_admin.entry_point' },
    { field: 'entityId', label: 'signin_admin.entity_id' },
    { field: 'idpCertificate', label: 'signin_admin.idp_certificate', long: true },
  ],
  kerberos: [
    { field: 'servicePrincipal', label: 'signin_admin.service_principal' },
    { field: 'realm', label: 'signin_admin.realm' },
  ],
};

/** Where the provider sends the browser back to: the address to register there. */
function callbackOf(slot: SignInSlot): string {
  return `${window.location.origin}/api/v1/auth/${slot === 'adfs' ? 'adfs/callback' : slot}`;
}

function ProviderCard({ provider }: { provider: SignInProviderView }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [values, setValues] = useState<SignInProviderSettings>({
    enabled: provider.enabled,
    label: provider.label,
    accountPolicy: provider.accountPolicy,
    ...Object.fromEntries(FIELDS[provider.protocol].map(({ field }) => [field, provider[field] ?? ''])),
    clientSecret: '',
  });
  const set = <K extends keyof SignInProviderSettings>(key: K, value: SignInProviderSettings[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const save = trpc.auth.saveProvider.useMutation({
    onSuccess: () => {
      void utils.auth.providerSettings.invalidate();
      void utils.auth.providers.invalidate();
      notify('success', [t('signin_admin.saved')]);
    },
    onError: () => void utils.auth.providerSettings.invalidate(),
  });
  const fixed = provider.source === 'environment';
  return (
    <FormCard
      title={t(`signin_admin.slot.${provider.slot}`)}
      description={
        fixed
          ? t('signin_admin.from_environment')
          : t('signin_admin.callback', { url: callbackOf(provider.slot) })
      }
      testId={`sign-in-provider-${provider.slot}`}
      busy={save.isPending}
      submit={t('signin_admin.save')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!fixed) save.mutate({ ...values, slot: provider.slot, revision: provider.revision });
      }}
    >
      <fieldset className="form plain-fieldset" disabled={fixed}>
        <Switch
          label={t('signin_admin.enabled')}
          checked={values.enabled}
          onChange={(v) => set('enabled', v)}
        />
        <div className="form-grid">
          <TextField label={t('signin_admin.label')} value={values.label} onChange={(v) => set('label', v)} />
          <SelectField
            label={t('signin_admin.accounts')}
            value={values.accountPolicy}
            onChange={(v) => set('accountPolicy', v === 'create' ? 'create' : 'link')}
            options={[
              { value: 'link', label: t('signin_admin.accounts.link') },
              { value: 'create', label: t('signin_admin.accounts.create') },
            ]}
          />
          {FIELDS[provider.protocol]
            .filter((f) => !f.long)
            .map(({ field, label }) => (
              <TextField
                key={field}
                label={t(label)}
                value={values[field] ?? ''}
                onChange={(v) => set(field, v)}
              />
            ))}
          {provider.protocol === 'oidc' && (
            <PasswordField
              label={t('signin_admin.client_secret')}
              hint={provider.hasClientSecret ? t('signin_admin.client_secret_kept') : undefined}
              autoComplete="new-password"
              value={values.clientSecret ?? ''}
              onChange={(v) => set('clientSecret', v)}
            />
          )}
        </div>
        {FIELDS[provider.protocol]
          .filter((f) => f.long)
          .map(({ field, label }) => (
            <TextArea
              key={field}
              label={t(label)}
              rows={4}
              value={values[field] ?? ''}
              onChange={(v) => set(field, v)}
            />
          ))}
      </fieldset>
    </FormCard>
  );
}
