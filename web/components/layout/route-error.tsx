import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from '../../lib/i18n.js';
import { Button } from '../ui/button.js';

/** Last resort when a page fails to render or its code fails to load (for example after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <TriangleAlert className="size-10 text-amber-600" />
      <h1 className="text-2xl font-bold text-slate-900">{t('errors.unexpectedTitle')}</h1>
      <p className="text-slate-700">{t('errors.unexpectedMessage')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </main>
  );
}
