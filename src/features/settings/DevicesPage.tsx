import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { actionFailure } from '../../api/errors';
import type { Device } from '../../api/contract/user';
import { logOut } from '../../platform/logOut';
import { confirmDialog } from '../../state/dialogs';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { devicesQuery, removeDevice } from './settingsApi';
import './settings.css';

/**
 * SPEC §2 `/settings/devices`: the signed-in devices by name, this one marked; removing one signs
 * it out after a confirmation (SPEC §8 "remove device (log out)"); removing this one logs out.
 */
export default function DevicesPage() {
  return (
    <RequireLogin>
      <Devices />
    </RequireLogin>
  );
}

function Devices() {
  const { t, i18n } = useTranslation();
  const devices = useQuery(devicesQuery);
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  async function remove(device: Device, current: boolean) {
    const name = device.name ?? t('settings.devices.unnamed');
    const confirmed = await confirmDialog({
      title: { key: 'settings.devices.confirmTitle', values: { name } },
      body: {
        key: current ? 'settings.devices.confirmBodyCurrent' : 'settings.devices.confirmBody',
      },
      confirmLabel: { key: 'settings.devices.remove' },
      destructive: true,
    });
    if (!confirmed) return;
    setBusy(device.id);
    try {
      if (current) {
        await logOut();
        return;
      }
      await removeDevice(device.id);
      showToast({ message: { key: 'settings.devices.removed', values: { name } } });
      await client.invalidateQueries({ queryKey: devicesQuery.queryKey });
    } catch (error) {
      showToast({
        kind: 'error',
        message: actionFailure(error, { key: 'settings.devices.failed' }),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="settings-page" data-testid="devices" aria-labelledby="devices-title">
      <Link to="/settings" className="settings-back" data-testid="devices-back">
        {t('settings.back')}
      </Link>
      <h1 id="devices-title">{t('settings.devices.title')}</h1>
      {devices.isError ? (
        <p role="alert" className="settings-error">
          {t('settings.devices.loadError')}
        </p>
      ) : !devices.data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <ul className="settings-list" data-testid="devices-list">
          {devices.data.devices.map((device) => {
            const current = device.id === devices.data.current;
            const name = device.name ?? t('settings.devices.unnamed');
            return (
              <li
                key={device.id}
                className="settings-list__row settings-device"
                data-testid="device"
                data-current={current || undefined}
              >
                <span className="settings-list__name" data-testid="device-name">
                  {name}
                  {current ? (
                    <span className="settings-badge" data-testid="device-current">
                      {t('settings.devices.current')}
                    </span>
                  ) : null}
                </span>
                <span className="settings-list__count">
                  {t('settings.devices.lastUsed', { when: when.format(device.last_used * 1000) })}
                </span>
                <Button
                  variant="danger"
                  disabled={busy !== null}
                  onClick={() => void remove(device, current)}
                  aria-label={t('settings.devices.removeOne', { name })}
                  data-testid="device-remove"
                >
                  {current ? t('settings.devices.logOut') : t('settings.devices.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
