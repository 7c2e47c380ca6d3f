import { useSite } from './context.tsx';

export function NotFound() {
  const { t } = useSite();
  return (
    <div className="container not-found">
      <h1>{t('theme.NotFound.title')}</h1>
      <p>{t('theme.NotFound.p1')}</p>
      <p>{t('theme.NotFound.p2')}</p>
    </div>
  );
}
