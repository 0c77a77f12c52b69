import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

interface ImageUploadFieldProps {
  readonly label: string;
  /** The picture already saved (editing), shown until another is chosen. */
  readonly currentUrl?: string | undefined;
  readonly file: File | null;
  readonly onChange: (file: File | null) => void;
  readonly isRequired?: boolean;
  /** A server error about this field, shown under it. */
  readonly error?: string | undefined;
}

/** The client-side check before a file is sent (the server judges the content again). */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

/** A picture chooser with a preview; JPEG, PNG or WebP up to 5 MB. */
export function ImageUploadField({ label, currentUrl, file, onChange, isRequired = false, error }: ImageUploadFieldProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? currentUrl;
  const message = problem === 'type' ? t('errors.not_an_image') : problem === 'size' ? t('errors.too_large') : error;
  return (
    <div className="admin-field admin-image-field">
      <label htmlFor={id}>{label}</label>
      <div className="admin-image-preview">{shown ? <img src={shown} alt="" /> : <span>{t('image.none')}</span>}</div>
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        required={isRequired && !currentUrl}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const found = chosen ? imageProblem(chosen) : null;
          setProblem(found);
          onChange(found ? null : chosen);
          if (found) event.target.value = '';
        }}
      />
      <small className="admin-hint">{t('image.hint')}</small>
      {message ? (
        <small className="admin-error" role="alert">
          {message}
        </small>
      ) : null}
    </div>
  );
}
