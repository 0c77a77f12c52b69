import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toApiFailure } from '../../../net/api-error';
import { Spinner } from '../../../ui/spinner';
import { adminApi } from '../admin-api';
import { AdminLayout } from '../ui/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorText } from '../ui/error-text';
import { ImageUploadField } from '../ui/image-upload-field';
import { CaptionFields } from './banner-captions-fields';
import { captionsOf, changedFields, draftOf, draftProblem, fromLocalInput, type BannerDraft } from './banner-form';
import { routeId } from '../../../routes/route-id';
import { NotFound } from '../ui/not-found';
import { queryKeys } from '../../../net/query-keys';

/** /admin/banner/create and /admin/banner/{id}: one form; editing sends only what changed. */
export default function BannerPage({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation('admin');
  const id = routeId(useParams().id) ?? 0;
  const banner = useQuery({ queryKey: queryKeys.admin.banner(id), queryFn: () => adminApi.banner(id), enabled: !isNew && id > 0 });
  const title = isNew ? t('banner.create_title') : t('banner.edit_title');
  if (!isNew && id === 0) return <NotFound />;
  if (!isNew && banner.isPending) {
    return (
      <AdminLayout title={title}>
        <Spinner />
      </AdminLayout>
    );
  }
  if (!isNew && banner.isError) {
    return (
      <AdminLayout title={title}>
        <p className="admin-error" role="alert">
          {errorText(banner.error, t)}
        </p>
      </AdminLayout>
    );
  }
  return (
    <AdminLayout title={title}>
      <BannerEditor key={banner.data?.id ?? 'new'} id={isNew ? null : id} />
    </AdminLayout>
  );
}

function BannerEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const before =
    id === null ? undefined : queryClient.getQueryData<Awaited<ReturnType<typeof adminApi.banner>>>(queryKeys.admin.banner(id));
  const [draft, setDraft] = useState<BannerDraft>(() => draftOf(before));
  const [image, setImage] = useState<File | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [isTouched, setTouched] = useState(false);
  const [isAsking, setAsking] = useState(false);
  const problem = draftProblem(draft, Boolean(image ?? before));
  const serverField = failure ? toApiFailure(failure).field : undefined;
  useEffect(() => setFailure(null), [draft, image]);
  const field = (name: Exclude<keyof BannerDraft, 'captions'>) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value })),
  });
  const shows = (name: string) => (isTouched && problem === name) || serverField === name;

  // Sent once the admin gives the reason for the audit log (FEATURES.md §17: every admin write asks for it).
  async function save(reason: string) {
    setBusy(true);
    try {
      if (before) {
        const fields = changedFields(before, draft, image);
        if (Object.keys(fields).length > 0) await adminApi.updateBanner(before.id, fields, reason);
      } else {
        await adminApi.createBanner(
          {
            name: draft.name.trim(),
            description: draft.description,
            ...(Object.keys(captionsOf(draft.captions)).length > 0 ? { captions: JSON.stringify(captionsOf(draft.captions)) } : {}),
            start_date: fromLocalInput(draft.start)!,
            end_date: fromLocalInput(draft.end)!,
            ...(image ? { image } : {}),
          },
          reason,
        );
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      await navigate('/admin/banners');
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (problem || isBusy) return;
          setAsking(true);
        }}
      >
        <label className="admin-field">
          <span>{t('banners.name')}</span>
          <input type="text" maxLength={100} required aria-invalid={shows('name') || undefined} {...field('name')} />
          {shows('name') ? <small className="admin-error">{t('banner.name_required')}</small> : null}
        </label>
        <label className="admin-field">
          <span>{t('banner.description')}</span>
          <textarea rows={3} maxLength={1000} {...field('description')} />
        </label>
        <CaptionFields
          captions={draft.captions}
          onChange={(lang, text) => setDraft((d) => ({ ...d, captions: { ...d.captions, [lang]: text } }))}
          invalidLanguage={serverField?.startsWith('captions.') ? serverField.slice('captions.'.length) : undefined}
        />
        <div className="admin-form-row">
          <label className="admin-field">
            <span>{t('banner.start')}</span>
            <input type="datetime-local" required aria-invalid={shows('start_date') || undefined} {...field('start')} />
            {shows('start_date') ? <small className="admin-error">{t('banner.start_required')}</small> : null}
          </label>
          <label className="admin-field">
            <span>{t('banner.end')}</span>
            <input type="datetime-local" required aria-invalid={shows('end_date') || undefined} {...field('end')} />
            {shows('end_date') ? <small className="admin-error">{t('banner.end_after_start')}</small> : null}
          </label>
        </div>
        <ImageUploadField
          label={t('banners.image')}
          currentUrl={before?.image}
          file={image}
          onChange={setImage}
          isRequired={!before}
          error={shows('image') ? t('banner.image_required') : undefined}
        />
        {failure ? (
          <p className="admin-error" role="alert">
            {errorText(failure, t)}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="button" className="btn admin-btn admin-btn-quiet" onClick={() => void navigate('/admin/banners')}>
            {t('confirm.cancel')}
          </button>
          <button type="submit" className="btn admin-btn admin-btn-primary" disabled={isBusy}>
            {before ? t('banner.save') : t('banner.create')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={isAsking}
        title={before ? t('banner.edit_title') : t('banner.create_title')}
        confirmLabel={before ? t('banner.save') : t('banner.create')}
        onClose={() => setAsking(false)}
        onConfirm={async (reason) => {
          setAsking(false);
          await save(reason);
        }}
      />
    </>
  );
}
