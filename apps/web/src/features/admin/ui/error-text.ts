import type { TFunction } from 'i18next';
import { toApiFailure } from '../../../net/api-error';

/**
 * A failed call in the admin's words: the field the server named, or the error's kind. `t` is the
 * caller's useTranslation('admin'): these keys are the admin namespace's (admin-locales.test.ts).
 */
export function errorText(error: unknown, t: TFunction<'admin'>): string {
  const failure = toApiFailure(error);
  switch (failure.code) {
    case 'request/invalid':
      return failure.field ? t('errors.field', { field: failure.field }) : t('errors.invalid');
    case 'banner/not_an_image':
      return t('errors.not_an_image');
    case 'banner/too_large':
    case 'request/body_too_large':
      return t('errors.too_large');
    case 'wallet/insufficient_funds':
      return t('errors.insufficient_funds');
    case 'auth/forbidden':
      return t('errors.forbidden');
    case 'banner/not_found':
    case 'user/not_found':
    case 'agent/not_found':
      return t('errors.not_found');
    case 'network/unreachable':
      return t('errors.network');
    default:
      return t('errors.unknown');
  }
}
